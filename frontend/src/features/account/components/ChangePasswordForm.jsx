import { useRef, useState } from 'react';
import { PasswordHint, usePasswordCheck } from '../../../components/PasswordHint';
import { useToast } from '../../../lib/toast';
import { useChangeMyPassword } from '../api';

export const PASSWORD_CHANGED_TEXT = 'Password updated. Your other devices are signed out.';
export const CHANGE_FAILED_TEXT = 'Could not change your password.';

// Which field a refusal is about: the server names it in `errors` (the current password, the
// new one: too weak, or used by another account); anything else is said under the form.
function refusalOf(err) {
  const message = err?.serverMessage || CHANGE_FAILED_TEXT;
  const errors = err?.errors || {};
  if (errors.currentPassword) return { field: 'current', message };
  if (errors.newPassword) return { field: 'next', message };
  return { field: 'form', message };
}

const fieldError = (refusal, field) => (refusal && refusal.field === field ? refusal.message : '');

function CurrentPasswordField({ value, onChange, error, inputRef }) {
  return (
    <div className="field">
      <label htmlFor="account-current-password">Current password</label>
      <input
        id="account-current-password"
        ref={inputRef}
        type="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={onChange}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'account-current-password-error' : undefined}
      />
      {error ? (
        <p id="account-current-password-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ChangePasswordForm({ me }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  // One refusal at a time, shown once: at the field it is about, or under the form.
  const [refusal, setRefusal] = useState(null);
  const change = useChangeMyPassword();
  const toast = useToast();
  const check = usePasswordCheck({ password: next, email: me?.email ?? '', name: me?.name ?? '' });
  const nextRef = useRef(null);
  const currentRef = useRef(null);
  const nextError = fieldError(refusal, 'next');
  const currentError = fieldError(refusal, 'current');
  // The server's hint lists what its rules refuse; the field is marked while it does.
  const nextInvalid = Boolean(nextError) || (check.hint && !check.hint.ok);

  const submit = async (e) => {
    e.preventDefault();
    setRefusal(null);
    // The server's password rules before the request: their problems are already listed under
    // the field (the hint), so the field takes the focus instead of a second copy of them.
    const verdict = await check.verify();
    if (verdict && !verdict.ok) {
      nextRef.current?.focus();
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast.success(PASSWORD_CHANGED_TEXT);
        },
        onError: (err) => {
          const found = refusalOf(err);
          setRefusal(found);
          const refs = { next: nextRef, current: currentRef };
          refs[found.field]?.current?.focus();
        },
      },
    );
  };

  const edit = (setter) => (e) => {
    setRefusal(null);
    setter(e.target.value);
  };

  return (
    <form className="account-form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <CurrentPasswordField value={current} onChange={edit(setCurrent)} error={currentError} inputRef={currentRef} />
      <div className="field">
        <label htmlFor="account-new-password">New password</label>
        <input
          id="account-new-password"
          ref={nextRef}
          type="password"
          autoComplete="new-password"
          required
          value={next}
          onChange={edit(setNext)}
          aria-invalid={nextInvalid ? 'true' : undefined}
          aria-describedby="account-password-hint"
        />
        <PasswordHint id="account-password-hint" password={next} check={check} error={nextError} />
      </div>
      {refusal && refusal.field === 'form' ? (
        <p className="field__error" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}
