import { useEffect, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useSaveDetails } from '../api';

const FIELDS = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'deliveryAddress', label: 'Delivery address', type: 'text', autoComplete: 'street-address' },
  { name: 'deliveryZip', label: 'ZIP code', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 },
];

export const SAVED_TEXT = 'Your details are saved. Checkout will fill them in for you.';

const formOf = (me) => ({
  name: me?.name ?? '',
  phone: me?.phone ?? '',
  deliveryAddress: me?.deliveryAddress ?? '',
  deliveryZip: me?.deliveryZip ?? '',
});

// The server's refusal of one field, shown beside it: { field: message }.
function fieldErrors(err) {
  const errors = (err && err.errors) || {};
  return Object.fromEntries(FIELDS.filter((f) => errors[f.name]?.length).map((f) => [f.name, errors[f.name][0]]));
}

export function DetailsForm({ me }) {
  const [form, setForm] = useState(() => formOf(me));
  const [errors, setErrors] = useState({});
  const save = useSaveDetails();
  const toast = useToast();

  useEffect(() => setForm(formOf(me)), [me]);

  const submit = (e) => {
    e.preventDefault();
    setErrors({});
    save.mutate(
      { ...form, name: form.name.trim(), deliveryZip: form.deliveryZip.trim() },
      {
        onSuccess: () => toast.success(SAVED_TEXT),
        onError: (err) => {
          const found = fieldErrors(err);
          setErrors(found);
          if (!Object.keys(found).length) toast.error(err?.serverMessage || 'Could not save your details.');
        },
      },
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 id="details-title">My details</h2>
      <p className="account-form__email">
        Email: <strong>{me?.email}</strong>
      </p>
      {FIELDS.map(({ name, label, ...input }) => (
        <div className="field" key={name}>
          <label htmlFor={`account-${name}`}>{label}</label>
          <input
            id={`account-${name}`}
            name={name}
            {...input}
            value={form[name]}
            onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
            aria-invalid={errors[name] ? 'true' : undefined}
            aria-describedby={errors[name] ? `account-${name}-error` : undefined}
          />
          {errors[name] ? (
            <p id={`account-${name}-error`} className="field__error" role="alert">
              {errors[name]}
            </p>
          ) : null}
        </div>
      ))}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save details'}
      </button>
    </form>
  );
}
