import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageNotice } from '../../../components/PageNotice';
import { useSession } from '../../../lib/session';
import { useShopInfo } from '../../../lib/shopInfo';
import { PasswordHint, usePasswordCheck } from '../../../components/PasswordHint';
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

export const CHECKING_TEXT = 'Many sign-in attempts on the shop right now: your browser is doing a quick security check...';

// Sign-up sends the account's details and the registration code; sign-in the password alone.
function sendCredentials(form, signup, onChallenge) {
  if (!signup) return signInWithPassword(form.password, onChallenge);
  return register(
    {
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      registrationCode: form.registrationCode.trim(),
    },
    onChallenge,
  );
}

// Sign-up's refusals that name a field are said at that field ({field, message}); the others
// (and every sign-in refusal) under the form. Each once: no toast repeats them.
const SIGNUP_FIELDS = ['password', 'email', 'registrationCode', 'name'];

export function refusalOf(err, signup) {
  const message = loginErrorText(err);
  const errors = (err && err.errors) || {};
  const field = signup ? SIGNUP_FIELDS.find((name) => errors[name]) : undefined;
  return { field: field || 'form', message };
}

function submitLabel(submitting, signup) {
  if (submitting) return 'Please wait...';
  return signup ? 'Sign up' : 'Enter';
}

// The password with its Show/Hide toggle; on sign-up, the server's verdict under it (its
// strength rules while typing, its refusal after a save), in one place.
function PasswordField({ form, signup, check, error, inputRef, onChange }) {
  const [showPassword, setShowPassword] = useState(false);
  const rulesRefuse = Boolean(signup && check.hint && !check.hint.ok);
  const describedBy = signup ? 'password-hint' : error ? 'auth-error' : undefined;
  return (
    <div className="field">
      <label htmlFor="password">Password</label>
      <div className="password-field">
        <input
          id="password"
          ref={inputRef}
          type={showPassword ? 'text' : 'password'}
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
          value={form.password}
          onChange={onChange}
          aria-describedby={describedBy}
          aria-invalid={error || rulesRefuse ? 'true' : undefined}
        />
        <button type="button" className="password-field__toggle" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
          {showPassword ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      {signup ? <PasswordHint password={form.password} check={check} error={error} /> : null}
    </div>
  );
}

// A sign-up field with the server's refusal of it under it.
function SignupField({ id, label, type = 'text', autoComplete, value, onChange, error }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={onChange}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="auth__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// No visible switch to sign-up (sign-up is by invitation): an admin hands out /login?mode=signup with a
// registration code.
function ShopName() {
  const { name, isLoaded } = useShopInfo();
  return isLoaded && name ? <p className="auth__shop">{name}</p> : null;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const signup = params.get('mode') === 'signup';
  const { signIn, notice } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', registrationCode: '' });
  const [submitting, setSubmitting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState(null);
  const passwordRef = useRef(null);
  // Sign-in asks nothing while the password is typed: the check runs on sign-up only.
  const check = usePasswordCheck({ password: signup ? form.password : '', email: form.email.trim(), name: form.name.trim() });
  const errorAt = (field) => (refusal && refusal.field === field ? refusal.message : '');
  const error = errorAt('form');

  const set = (field) => (e) => {
    if (refusal) setRefusal(null);
    setForm((f) => ({ ...f, [field]: e.target.value }));
  };

  // On sign-up the server's password rules are checked before the request: their problems are
  // already listed under the field, which takes the focus.
  const passwordRefused = async () => {
    if (!signup) return false;
    const verdict = await check.verify();
    return Boolean(verdict && !verdict.ok);
  };

  const submit = async (e) => {
    e.preventDefault();
    if (submitting) return;
    if (!form.password) {
      setRefusal({ field: 'form', message: 'Password is required' });
      return;
    }
    setRefusal(null);
    if (await passwordRefused()) {
      passwordRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await sendCredentials(form, signup, () => setChecking(true));
      setChecking(false);
      if (!answer || !answer.token) throw new Error('no token in the answer');
      signIn(answer.token, answer.user);
      navigate('/', { replace: true });
    } catch (err) {
      setChecking(false);
      setRefusal(refusalOf(err, signup));
      setSubmitting(false);
    }
  };

  return (
    <main id="main" className="auth">
      <div className="auth__card">
        {/* Whose door this is: the shop's name from its settings. */}
        <ShopName />
        <h1 className="auth__title">Enter Password</h1>
        <PageNotice />
        {/* Why the app signed this user out, e.g. an admin changed their password. */}
        {notice && !refusal ? (
          <p className="auth__notice" role="status">
            {notice}
          </p>
        ) : null}
        {checking ? (
          <p className="auth__notice" role="status">
            {CHECKING_TEXT}
          </p>
        ) : null}
        <form className="auth__form" onSubmit={submit} noValidate={false}>
          {signup ? (
            <>
              <SignupField
                id="signup-name"
                label="Full name"
                autoComplete="name"
                value={form.name}
                onChange={set('name')}
                error={errorAt('name')}
              />
              <SignupField
                id="signup-email"
                label="Email"
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={set('email')}
                error={errorAt('email')}
              />
            </>
          ) : null}
          <PasswordField
            form={form}
            signup={signup}
            check={check}
            error={signup ? errorAt('password') : error}
            inputRef={passwordRef}
            onChange={set('password')}
          />
          {signup ? (
            <SignupField
              id="signup-code"
              label="Registration code"
              autoComplete="off"
              value={form.registrationCode}
              onChange={set('registrationCode')}
              error={errorAt('registrationCode')}
            />
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
