import { useEffect, useState } from 'react';
import { formatDay } from '../../../lib/format';
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
  dateOfBirth: '',
});

// The server's refusal of one field, shown beside it: { field: message }.
function fieldErrors(err) {
  const errors = (err && err.errors) || {};
  return Object.fromEntries(
    [...FIELDS.map((f) => f.name), 'dateOfBirth'].filter((name) => errors[name]?.length).map((name) => [name, errors[name][0]]),
  );
}

// The body: the date of birth only when one is given (it is set once; afterwards the shop changes it).
function detailsBody(form) {
  const { dateOfBirth, ...rest } = form;
  const body = { ...rest, name: form.name.trim(), deliveryZip: form.deliveryZip.trim() };
  return dateOfBirth ? { ...body, dateOfBirth } : body;
}

// The date of birth: asked once (21+ orders need it); once set it is shown, and only the shop changes it.
function BirthDate({ saved, value, error, onChange }) {
  if (saved) {
    return (
      <div className="field">
        <span className="field__label" id="account-dateOfBirth-label">
          Date of birth
        </span>
        <p aria-labelledby="account-dateOfBirth-label" data-testid="account-dateOfBirth">
          <strong>{formatDay(saved)}</strong>
        </p>
        <p className="form-hint">Set once: ask the shop to change it.</p>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor="account-dateOfBirth">Date of birth</label>
      <input
        id="account-dateOfBirth"
        name="dateOfBirth"
        type="date"
        autoComplete="bday"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'account-dateOfBirth-error' : 'account-dateOfBirth-hint'}
      />
      {error ? (
        <p id="account-dateOfBirth-error" className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p id="account-dateOfBirth-hint" className="form-hint">
          Orders of 21+ goods need it. Once saved, only the shop can change it.
        </p>
      )}
    </div>
  );
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
    save.mutate(detailsBody(form), {
      onSuccess: () => toast.success(SAVED_TEXT),
      onError: (err) => {
        const found = fieldErrors(err);
        setErrors(found);
        if (!Object.keys(found).length) toast.error(err?.serverMessage || 'Could not save your details.');
      },
    });
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
      <BirthDate
        saved={me?.dateOfBirth}
        value={form.dateOfBirth}
        error={errors.dateOfBirth}
        onChange={(value) => setForm((f) => ({ ...f, dateOfBirth: value }))}
      />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save details'}
      </button>
    </form>
  );
}
