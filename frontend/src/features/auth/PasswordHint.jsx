import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

// The server runs registration's own rules; the hint waits for a pause in typing so a fast
// typist sends one request, not one per key.
export const HINT_DELAY_MS = 400;
export const HINT_MAX_LENGTH = 128;
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];
export const ACCEPTED_TEXT = 'This password will be accepted.';

export function PasswordHint({ password, email, name }) {
  const [hint, setHint] = useState(null);

  useEffect(() => {
    if (!password || password.length > HINT_MAX_LENGTH) {
      setHint(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await api.post(
          '/auth/password-check',
          { password, email, name },
          { auth: false, signal: controller.signal },
        );
        setHint(answer);
      } catch {
        // A hint is a courtesy: when it cannot be had, registration still says what is wrong.
        if (!controller.signal.aborted) setHint(null);
      }
    }, HINT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, email, name]);

  if (!hint) return <div id="password-hint" aria-live="polite" />;
  const score = Math.max(0, Math.min(4, hint.score ?? 0));
  return (
    <div id="password-hint" className="password-hint" aria-live="polite">
      <div className={`password-hint__meter password-hint__meter--${score}`} aria-hidden="true">
        <span style={{ width: `${(score + 1) * 20}%` }} />
      </div>
      <p className="password-hint__label">Strength: {STRENGTH_LABELS[score]}</p>
      {hint.ok ? (
        <p className="password-hint__ok">{ACCEPTED_TEXT}</p>
      ) : (
        <ul className="password-hint__problems">
          {(hint.messages || []).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default PasswordHint;
