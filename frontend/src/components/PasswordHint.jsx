import { useEffect, useMemo, useState } from 'react';
import { api } from '../lib/api';
import { useDebouncedValue } from '../lib/hooks';
import './passwordHint.css';

// The server runs its own password rules (POST /api/auth/password-check): the hint waits for a
// pause in typing so a fast typist sends one request, not one per key.
export const HINT_DELAY_MS = 400;
export const HINT_MAX_LENGTH = 128;
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];
export const ACCEPTED_TEXT = 'This password will be accepted.';

// `email` and `name` are the account's (typed so far at sign-up), for the similarity rule.
export function PasswordHint({ password, email, name, id = 'password-hint' }) {
  const typed = useMemo(() => ({ password, email, name }), [password, email, name]);
  const settled = useDebouncedValue(typed, HINT_DELAY_MS);
  const [hint, setHint] = useState(null);

  useEffect(() => {
    if (!settled.password || settled.password.length > HINT_MAX_LENGTH) {
      setHint(null);
      return undefined;
    }
    // A newer pause (or closing the form) drops the answer still on its way.
    const controller = new AbortController();
    api
      .post('/auth/password-check', settled, { auth: false, signal: controller.signal })
      .then(setHint)
      .catch(() => {
        // A hint is a courtesy: when it cannot be had, saving the password still says what is wrong.
        if (!controller.signal.aborted) setHint(null);
      });
    return () => controller.abort();
  }, [settled]);

  if (!hint || !password || password.length > HINT_MAX_LENGTH) return <div id={id} aria-live="polite" />;
  const score = Math.max(0, Math.min(4, hint.score ?? 0));
  return (
    <div id={id} className="password-hint" aria-live="polite">
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
