import { useId, useState } from 'react';
import { serverMessage } from '../lib/api';
import { FormModalActions } from './FormModalActions';
import Modal from './Modal';

const firstMessage = (errors, name) => errors[name]?.[0] || '';

// The state of an admin form modal: the values, the server's field messages (read by
// `fieldError(errors, path)`, for a server that nests them) and the message for the rest.
export function useModalForm(initial, fieldError = firstMessage) {
  const formId = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const set = (name, value) => setForm((current) => ({ ...current, [name]: value }));
  const error = (path) => fieldError(errors, path);
  // `path` is where the server names the field (`where.state`), `name` the form's own.
  const input = (name, path = name) => ({
    id: `${formId}-${name}`,
    name,
    className: 'admin-input',
    value: form[name],
    onChange: (event) => set(name, event.target.value),
    'aria-invalid': error(path) ? true : undefined,
    'aria-describedby': error(path) ? `${formId}-${name}-error` : undefined,
  });
  // The submit handler: `save` (a mutation) is sent what `variables()` gives at submit time;
  // a refusal's field messages land beside each field, anything else at the foot of the form
  // (`failure` when the server said nothing).
  const submitWith =
    (save, variables, { onSaved, failure }) =>
    (event) => {
      event.preventDefault();
      setErrors({});
      setMessage('');
      save.mutate(variables(), {
        onSuccess: onSaved,
        onError: (err) => {
          setErrors(err?.errors || {});
          setMessage(serverMessage(err, failure));
        },
      });
    };
  return { formId, form, set, error, input, message, submitWith };
}

// An admin form in a modal: Cancel and the submit button `label` in its footer, both held
// (and the modal kept open) while `saving`; `message` at the foot of the form.
export function FormModal({ formId, title, label, saving, onClose, onSubmit, initialFocusRef, message, children }) {
  return (
    <Modal
      open
      onClose={saving ? () => {} : onClose}
      title={title}
      size="lg"
      initialFocusRef={initialFocusRef}
      footer={<FormModalActions formId={formId} saving={saving} onCancel={onClose} label={label} />}
    >
      <form id={formId} className="admin-form" onSubmit={onSubmit} noValidate aria-busy={saving}>
        {children}
        {message && (
          <p className="admin-form-error" role="alert">
            {message}
          </p>
        )}
      </form>
    </Modal>
  );
}
