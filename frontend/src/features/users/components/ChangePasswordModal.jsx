import { useId, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { PasswordHint, usePasswordCheck } from '../../../components/PasswordHint';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../../../lib/messages';
import { useChangePassword } from '../api';
import { FormModalActions } from '../../../components/FormModalActions';

// A refusal naming the password is said in the hint's place under the field; another (the
// network, a conflict) under the form. Never also in a toast: the dialog is where it is fixed.
function refusalOf(err) {
  const message = actionFailureMessage(err, 'Failed to update password', 'Error updating password. Please try again.');
  return err?.errors?.newPassword ? { field: 'password', message } : { field: 'form', message };
}

// The new password with its Show button; `invalid` while the rules or the server refuse it.
function PasswordInput({ id, inputRef, value, onChange, disabled, invalid, describedBy }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="admin-password-row">
      <input
        id={id}
        ref={inputRef}
        className="admin-input"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <button type="button" className="admin-button admin-button--ghost" onClick={() => setVisible((v) => !v)} aria-pressed={visible}>
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

function ChangePasswordForm({ user, onClose }) {
  const formId = useId();
  const inputRef = useRef(null);
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState(null);
  const change = useChangePassword();
  const saving = change.isPending;
  const check = usePasswordCheck({ password, email: user.email, name: user.name || '' });
  // Held while the server's rules refuse what is typed (their reasons are listed under it).
  const refused = !password || Boolean(check.hint && !check.hint.ok);
  const passwordError = error?.field === 'password' ? error.message : '';

  const submit = async (event) => {
    event.preventDefault();
    if (saving || refused) return;
    setError(null);
    const verdict = await check.verify();
    if (verdict && !verdict.ok) {
      inputRef.current?.focus();
      return;
    }
    try {
      const answer = await change.mutateAsync({ userId: user.id, newPassword: password });
      toast.success(`Password updated for ${answer?.user?.email || user.email}`, 3000);
      onClose();
    } catch (err) {
      setError(refusalOf(err));
      inputRef.current?.focus();
    }
  };

  const footer = <FormModalActions formId={formId} saving={saving} disabled={refused} onCancel={onClose} label="Update Password" />;
  return (
    <Modal open onClose={saving ? () => {} : onClose} title="Change Password" size="sm" footer={footer} initialFocusRef={inputRef}>
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <p className="admin-muted">For {user.name ? `${user.name} (${user.email})` : user.email}</p>
        <label className="admin-label" htmlFor={`${formId}-password`}>
          New password
        </label>
        <PasswordInput
          id={`${formId}-password`}
          inputRef={inputRef}
          value={password}
          onChange={(e) => {
            setError(null);
            setPassword(e.target.value);
          }}
          disabled={saving}
          invalid={passwordError || Boolean(check.hint && !check.hint.ok)}
          describedBy={`${formId}-hint ${formId}-strength`}
        />
        {/* The server's own rules (as at sign-up, judged against this user's email and name): its
            400 on saving words anything the hint did not catch. */}
        <PasswordHint id={`${formId}-strength`} password={password} check={check} error={passwordError} />
        <p id={`${formId}-hint`} className="admin-hint">
          The user&apos;s current sessions end.
        </p>
        {error?.field === 'form' && (
          <p className="admin-form-error" role="alert">
            {error.message}
          </p>
        )}
      </form>
    </Modal>
  );
}

export default function ChangePasswordModal({ user, onClose }) {
  return user ? <ChangePasswordForm user={user} onClose={onClose} /> : null;
}
