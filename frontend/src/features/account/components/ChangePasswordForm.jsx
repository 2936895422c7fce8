import { useState } from 'react';
import { PasswordHint } from '../../../components/PasswordHint';
import { useToast } from '../../../lib/toast';
import { useChangeMyPassword } from '../api';

export const PASSWORD_CHANGED_TEXT = 'Password updated. Your other devices are signed out.';

export function ChangePasswordForm({ me }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState('');
  const change = useChangeMyPassword();
  const toast = useToast();

  const submit = (e) => {
    e.preventDefault();
    setError('');
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast.success(PASSWORD_CHANGED_TEXT);
        },
        onError: (err) => setError(err?.serverMessage || 'Could not change your password.'),
      },
    );
  };

  return (
    <form className="account-form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <div className="field">
        <label htmlFor="account-current-password">Current password</label>
        <input
          id="account-current-password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="account-new-password">New password</label>
        <input
          id="account-new-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          aria-describedby="account-password-hint"
        />
        <PasswordHint id="account-password-hint" password={next} email={me?.email ?? ''} name={me?.name ?? ''} />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}
