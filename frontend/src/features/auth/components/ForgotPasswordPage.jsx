import { useState } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset } from '../api';
import { loginErrorText } from './LoginPage';
import './auth.css';

// The server answers the same whether or not the email has an account, so this page says the
// same too: it never tells a stranger who shops here.
export const RESET_SENT_TEXT = 'If an account uses this email, we have sent it a link to reset the password. The link works for one hour.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');

  const submit = async (e) => {
    e.preventDefault();
    if (submitting) return;
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSent((answer && answer.message) || RESET_SENT_TEXT);
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main id="main" className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Forgot password?</h1>
        {sent ? (
          <p className="auth__notice" role="status">
            {sent}
          </p>
        ) : (
          <form className="auth__form" onSubmit={submit}>
            <p className="auth__text">Enter the email of your account and we will send you a link to choose a new password.</p>
            <div className="field">
              <label htmlFor="reset-email">Email</label>
              <input
                id="reset-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? 'reset-error' : undefined}
              />
            </div>
            {error ? (
              <p id="reset-error" className="auth__error" role="alert">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={submitting}
              aria-busy={submitting || undefined}
            >
              {submitting ? 'Please wait...' : 'Send reset link'}
            </button>
          </form>
        )}
        <p className="auth__links">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}

export default ForgotPasswordPage;
