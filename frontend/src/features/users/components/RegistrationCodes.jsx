import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatWhen } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { registrationCodesQuery, useCreateCode, useUpdateCode } from '../api';

const DAY_MS = 24 * 60 * 60 * 1000;

function uses(code) {
  return code.maxUses == null ? `${code.useCount} (no limit)` : `${code.useCount} of ${code.maxUses}`;
}

function state(code) {
  if (code.usable) return 'Usable';
  return code.isActive ? 'Used up or expired' : 'Disabled';
}

// A whole number the server reads as one; anything else goes as typed, so its message names it.
function asNumber(text) {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return Number.isInteger(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function NewCodeForm() {
  const id = useId();
  const toast = useToast();
  const create = useCreateCode();
  const [note, setNote] = useState('');
  const [maxUses, setMaxUses] = useState('1');
  const [days, setDays] = useState('7');
  const [errors, setErrors] = useState({});

  const submit = async (event) => {
    event.preventDefault();
    if (create.isPending) return;
    setErrors({});
    const validDays = asNumber(days);
    const body = {
      note: note.trim(),
      maxUses: asNumber(maxUses),
      // The expiry is an instant; the owner thinks in days from now.
      expiresAt: typeof validDays === 'number' ? new Date(Date.now() + validDays * DAY_MS).toISOString() : validDays,
    };
    try {
      const made = await create.mutateAsync(body);
      toast.success(`New registration code: ${made.code}`, 6000);
      setNote('');
    } catch (err) {
      setErrors(err?.errors || {});
      toast.error(serverMessage(err, 'Failed to make a code'), 4000);
    }
  };

  const field = (name, label, value, setValue, hint) => (
    <div className="admin-form">
      <label className="admin-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="text"
        className="admin-input"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="admin-muted">
          {hint}
        </p>
      )}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="admin-field-error" role="alert">
          {errors[name][0]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="New registration code">
      {field('note', 'Who the code is for', note, setNote)}
      {field('maxUses', 'Accounts it may make', maxUses, setMaxUses, 'Empty: no limit')}
      {field('expiresAt', 'Valid for (days)', days, setDays, 'Empty: never expires')}
      <button type="submit" className="admin-button" disabled={create.isPending}>
        Make code
      </button>
    </form>
  );
}

function CodeRows({ codes }) {
  const toast = useToast();
  const update = useUpdateCode();
  const disable = async (code) => {
    try {
      await update.mutateAsync({ codeId: code.id, changes: { isActive: false } });
      toast.success(`Disabled ${code.code}`, 3000);
    } catch (err) {
      toast.error(serverMessage(err, 'Failed to disable the code'), 4000);
    }
  };
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="admin-visually-hidden">Registration codes</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">For</th>
            <th scope="col">Accounts made</th>
            <th scope="col">Expires</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="admin-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.id}>
              <td>
                <code>{code.code}</code>
              </td>
              <td>{code.note || '-'}</td>
              <td>{uses(code)}</td>
              <td>{code.expiresAt ? formatWhen(code.expiresAt) : 'Never'}</td>
              <td>{state(code)}</td>
              <td>
                {code.isActive && (
                  <button
                    type="button"
                    className="admin-button admin-button--secondary"
                    onClick={() => disable(code)}
                    disabled={update.isPending}
                    aria-label={`Disable ${code.code}`}
                  >
                    Disable
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// Who may open an account: each code makes at most its number of accounts until it expires.
export default function RegistrationCodes() {
  const toast = useToast();
  const { data, isPending, isError, error } = useQuery(registrationCodesQuery());
  useEffect(() => {
    if (isError) toast.error(serverMessage(error, 'Failed to load registration codes'));
  }, [isError, error, toast]);
  const codes = data || [];

  return (
    <section className="admin-page" aria-labelledby="registration-codes-title">
      <header className="admin-page-header">
        <h2 id="registration-codes-title">Registration codes</h2>
      </header>
      <NewCodeForm />
      {isPending && <Spinner label="Loading registration codes..." />}
      {!isPending && !isError && codes.length === 0 && (
        <EmptyState title="No registration codes" message="Make one to invite a customer." />
      )}
      {codes.length > 0 && <CodeRows codes={codes} />}
    </section>
  );
}
