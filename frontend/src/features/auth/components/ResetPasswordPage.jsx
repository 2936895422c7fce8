import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordHint, usePasswordCheck } from '../../../components/PasswordHint';
import { useSession } from '../../../lib/session';
import { useQuery } from '@tanstack/react-query';
import { confirmPasswordReset, resetLinkQuery } from '../api';
import { loginErrorText } from './LoginPage';
import './auth.css';

export const NO_TOKEN_TEXT = 'This reset link is incomplete. Ask for a new one.';
export const RESET_DONE_TEXT = 'Your password has been reset';

// /reset-password?token=...: the emailed link. The token is read once and taken out of the
// address bar, so it stays out of the browser's history and of any page's Referer.
export function ResetPasswordPage() {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') || '');
  // An expired or used link is said when the page opens, before a password is typed.
  const link = useQuery({ ...resetLinkQuery(token), enabled: Boolean(token) });
  const deadLink = link.data && !link.data.valid ? link.data.message : '';

  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <main id="main" className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Choose a new password</h1>
        {token && !deadLink ? (
          <ResetForm token={token} />
        ) : (
          <p className="auth__error" role="alert">
            {deadLink || NO_TOKEN_TEXT}
          </p>
        )}
        <p className="auth__links">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </div>
    </main>
  );
}

function ResetForm({ token }) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  // A refusal of the new password itself (its rules, or another account's) goes under the field.
  const [passwordError, setPasswordError] = useState('');
  const check = usePasswordCheck({ password });
  const passwordRef = useRef(null);

  const submit = async (e) => {
    e.preventDefault();
    if (submitting) return;
    if (!password) {
      setError('New password is required');
      return;
    }
    setError('');
    setPasswordError('');
    // The server's password rules first: their problems are already listed under the field.
    const verdict = await check.verify();
    if (verdict && !verdict.ok) {
      passwordRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await confirmPasswordReset({ token, newPassword: password });
      signIn(answer.token, answer.user);
      // Said on the page it leads to, until dismissed (components/PageNotice.jsx).
      navigate('/', { replace: true, state: { notice: answer.message || RESET_DONE_TEXT } });
    } catch (err) {
      if (err && err.errors && err.errors.newPassword) setPasswordError(loginErrorText(err));
      else setError(loginErrorText(err));
      setSubmitting(false);
    }
  };

  return (
    <form className="auth__form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="new-password">New password</label>
        <div className="password-field">
          <input
            id="new-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            ref={passwordRef}
            required
            value={password}
            onChange={(e) => {
              setPasswordError('');
              setPassword(e.target.value);
            }}
            aria-describedby={['password-hint', error ? 'reset-error' : ''].join(' ').trim()}
            aria-invalid={error || passwordError || (check.hint && !check.hint.ok) ? 'true' : undefined}
          />
          <button type="button" className="password-field__toggle" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
            {showPassword ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        </div>
        <PasswordHint password={password} check={check} error={passwordError} />
      </div>
      {error ? (
        <p id="reset-error" className="auth__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? 'Please wait...' : 'Set new password'}
      </button>
    </form>
  );
}

export default ResetPasswordPage;
