import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../lib/api';
import { useDebouncedValue } from '../lib/hooks';
import './passwordHint.css';

// The server runs its own password rules (POST /api/auth/password-check): the hint waits for a
// pause in typing so a fast typist sends one request, not one per key.
export const HINT_DELAY_MS = 400;
export const HINT_MAX_LENGTH = 128;
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];
// What the check can say: the strength rules pass. It never promises the password will be
// accepted: whether another account uses it is answered by saving alone (docs/api.md, Accounts).
export const CHECKS_PASSED_TEXT = 'Passes the strength checks.';

const askServer = (typed, signal) => api.post('/auth/password-check', typed, { auth: false, signal });

// The server's verdict on the password being typed ({ok, score, messages} or null), and
// `verify()`, which answers the verdict for the password as it is now (asking at once when the
// pause has not come yet; null when no verdict can be had: saving then answers for itself).
// `email` and `name` are the account's (typed so far at sign-up), for the similarity rule.
export function usePasswordCheck({ password, email = '', name = '' }) {
  const typed = useMemo(() => ({ password, email, name }), [password, email, name]);
  const settled = useDebouncedValue(typed, HINT_DELAY_MS);
  const [answer, setAnswer] = useState(null);
  const latest = useRef(typed);
  latest.current = typed;

  useEffect(() => {
    if (!settled.password || settled.password.length > HINT_MAX_LENGTH) {
      setAnswer(null);
      return undefined;
    }
    // A newer pause (or closing the form) drops the answer still on its way.
    const controller = new AbortController();
    askServer(settled, controller.signal)
      .then((hint) => setAnswer({ for: settled, hint }))
      .catch(() => {
        // A hint is a courtesy: when it cannot be had, saving the password still says what is wrong.
        if (!controller.signal.aborted) setAnswer(null);
      });
    return () => controller.abort();
  }, [settled]);

  const current = answer && answer.for === typed ? answer.hint : null;
  const verify = useCallback(async () => {
    const now = latest.current;
    if (answer && answer.for === now) return answer.hint;
    if (!now.password || now.password.length > HINT_MAX_LENGTH) return null;
    try {
      const hint = await askServer(now);
      setAnswer({ for: now, hint });
      return hint;
    } catch {
      return null;
    }
  }, [answer]);

  return { hint: current, verify };
}

// The one place under a new-password field: the server's refusal of a save (`error`, its words)
// when there is one, else the strength hint. Announced politely; the field's aria-describedby
// names `id`. Without `check` it runs its own (usePasswordCheck).
export function PasswordHint({ password, email, name, id = 'password-hint', check, error = '' }) {
  if (check) return <HintView id={id} password={password} hint={check.hint} error={error} />;
  return <OwnCheck id={id} password={password} email={email} name={name} error={error} />;
}

function OwnCheck({ id, password, email, name, error }) {
  const { hint } = usePasswordCheck({ password, email, name });
  return <HintView id={id} password={password} hint={hint} error={error} />;
}

function HintView({ id, password, hint, error }) {
  if (error) {
    return (
      <div id={id} className="password-hint" aria-live="polite">
        <p className="password-hint__error" role="alert">
          {error}
        </p>
      </div>
    );
  }
  if (!hint || !password || password.length > HINT_MAX_LENGTH) return <div id={id} aria-live="polite" />;
  const score = Math.max(0, Math.min(4, hint.score ?? 0));
  return (
    <div id={id} className="password-hint" aria-live="polite">
      <div className={`password-hint__meter password-hint__meter--${score}`} aria-hidden="true">
        <span style={{ width: `${(score + 1) * 20}%` }} />
      </div>
      <p className="password-hint__label">Strength: {STRENGTH_LABELS[score]}</p>
      {hint.ok ? (
        <p className="password-hint__ok">{CHECKS_PASSED_TEXT}</p>
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
