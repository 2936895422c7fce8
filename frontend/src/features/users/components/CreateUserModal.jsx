import { useId, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { PasswordHint } from '../../../components/PasswordHint';
import { FormModalActions } from '../../../components/FormModalActions';
import { actionFailureMessage } from '../../../lib/messages';
import { useToast } from '../../../lib/toast';
import { useCreateUser } from '../api';
import { ROLE_CHOICES } from './roleChoices';

const EMPTY = { email: '', name: '', password: '', role: 'staff' };

function Field({ id, label, error, children }) {
  return (
    <>
      <label className="admin-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="admin-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

// The server's per-field messages (`errors`), each as one line under its field.
const fieldError = (errors, name) => {
  const value = errors?.[name];
  return Array.isArray(value) ? value.join(' ') : value || null;
};

function CreateUserForm({ onClose }) {
  const formId = useId();
  const emailRef = useRef(null);
  const toast = useToast();
  const create = useCreateUser();
  const [values, setValues] = useState(EMPTY);
  const [failure, setFailure] = useState(null); // {message, errors}
  const saving = create.isPending;
  const set = (name) => (event) => setValues((v) => ({ ...v, [name]: event.target.value }));

  const submit = async (event) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    try {
      await create.mutateAsync({ ...values, email: values.email.trim(), name: values.name.trim() });
    } catch (err) {
      setFailure({ message: actionFailureMessage(err, 'Failed to create the account'), errors: err?.errors });
      return;
    }
    toast.success(`Account created for ${values.email.trim()}`);
    onClose();
  };

  const input = (name, props = {}) => (
    <input
      id={`${formId}-${name}`}
      className="admin-input"
      value={values[name]}
      onChange={set(name)}
      disabled={saving}
      aria-invalid={fieldError(failure?.errors, name) ? true : undefined}
      {...props}
    />
  );
  const footer = <FormModalActions formId={formId} saving={saving} onCancel={onClose} label="Create Account" />;
  return (
    <Modal open onClose={saving ? () => {} : onClose} title="Add Account" size="sm" footer={footer} initialFocusRef={emailRef}>
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <Field id={`${formId}-email`} label="Email" error={fieldError(failure?.errors, 'email')}>
          {input('email', { type: 'email', ref: emailRef, autoComplete: 'off' })}
        </Field>
        <Field id={`${formId}-name`} label="Name" error={fieldError(failure?.errors, 'name')}>
          {input('name', { autoComplete: 'off' })}
        </Field>
        <Field id={`${formId}-password`} label="Password" error={fieldError(failure?.errors, 'password')}>
          {input('password', { type: 'password', autoComplete: 'new-password', 'aria-describedby': `${formId}-strength` })}
        </Field>
        <PasswordHint id={`${formId}-strength`} password={values.password} email={values.email} name={values.name} />
        <Field id={`${formId}-role`} label="Role" error={fieldError(failure?.errors, 'role')}>
          <select id={`${formId}-role`} className="admin-input" value={values.role} onChange={set('role')} disabled={saving}>
            {ROLE_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        {failure ? (
          <p className="admin-form-error" role="alert">
            {failure.message}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

// Mounted only while open, so every opening starts empty.
export default function CreateUserModal({ open, onClose }) {
  return open ? <CreateUserForm onClose={onClose} /> : null;
}
