import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { PasswordHint } from '../../../components/PasswordHint';
import { register, signInWithPassword } from '../api';
import './auth.css';

export const NETWORK_TEXT = 'Network error. Please try again.';
export const GENERIC_TEXT = 'An error occurred. Please try again.';

// Error texts: the server's words when it answered, the network text when it did not,
// and a generic sentence for anything else.
export function loginErrorText(err) {
  if (err && err.isNetwork) return NETWORK_TEXT;
  if (err && err.status >= 400) return err.serverMessage || err.message || GENERIC_TEXT;
  return GENERIC_TEXT;
}

// Sign-up sends the account's details and the registration code; sign-in the password alone.
function sendCredentials(form, signup) {
  if (!signup) return signInWithPassword(form.password);
  return register({
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    registrationCode: form.registrationCode.trim(),
  });
}

function submitLabel(submitting, signup) {
  if (submitting) return 'Please wait...';
  return signup ? 'Sign up' : 'Enter';
}

// The password with its Show/Hide toggle; on sign-up, the hint of what the server accepts.
function PasswordField({ form, signup, error, onChange }) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <div className="field">
      <label htmlFor="password">Password</label>
      <div className="password-field">
        <input
          id="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
          minLength={signup ? 6 : undefined}
          value={form.password}
          onChange={onChange}
          aria-describedby={[signup ? 'password-hint' : '', error ? 'auth-error' : ''].join(' ').trim() || undefined}
          aria-invalid={error ? 'true' : undefined}
        />
        <button type="button" className="password-field__toggle" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
          {showPassword ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      {signup ? <PasswordHint password={form.password} email={form.email.trim()} name={form.name.trim()} /> : null}
    </div>
  );
}

// No visible switch to sign-up (sign-up is by invitation): an admin hands out /login?mode=signup with a
// registration code.
export function LoginPage() {
  const [params] = useSearchParams();
  const signup = params.get('mode') === 'signup';
  const { signIn, notice } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', registrationCode: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');

  const set = (field) => (e) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e) => {
    e.preventDefault();
    if (submitting) return;
    if (!form.password) {
      setError('Password is required');
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      const answer = await sendCredentials(form, signup);
      if (!answer || !answer.token) throw new Error('no token in the answer');
      signIn(answer.token, answer.user);
      navigate('/', { replace: true });
    } catch (err) {
      const text = loginErrorText(err);
      setError(text);
      toast.error(text);
      setSubmitting(false);
    }
  };

  return (
    <main id="main" className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Enter Password</h1>
        {/* Why the app signed this user out, e.g. an admin changed their password. */}
        {notice && !error ? (
          <p className="auth__notice" role="status">
            {notice}
          </p>
        ) : null}
        <form className="auth__form" onSubmit={submit} noValidate={false}>
          {signup ? (
            <>
              <div className="field">
                <label htmlFor="signup-name">Full name</label>
                <input id="signup-name" type="text" autoComplete="name" required value={form.name} onChange={set('name')} />
              </div>
              <div className="field">
                <label htmlFor="signup-email">Email</label>
                <input id="signup-email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
              </div>
            </>
          ) : null}
          <PasswordField form={form} signup={signup} error={error} onChange={set('password')} />
          {signup ? (
            <div className="field">
              <label htmlFor="signup-code">Registration code</label>
              <input
                id="signup-code"
                type="text"
                autoComplete="off"
                required
                value={form.registrationCode}
                onChange={set('registrationCode')}
              />
            </div>
          ) : null}
          {error ? (
            <p id="auth-error" className="auth__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={submitting} aria-busy={submitting || undefined}>
            {submitLabel(submitting, signup)}
          </button>
        </form>
        {signup ? null : (
          <p className="auth__links">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
        )}
      </div>
    </main>
  );
}

export default LoginPage;
