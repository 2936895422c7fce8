import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import AccessDenied from '../../../components/AccessDenied';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatPrice, formatWhen } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { shopSettingsQuery, useSaveSettings } from '../api';
import { TaxSettings } from './TaxSettings';

// Grouped as an owner thinks of the shop. `name` is the server's (dotted when nested), so its
// field messages land beside the right input; the server checks every value.
const GROUPS = [
  {
    title: 'Store',
    fields: [
      { name: 'shopName', label: 'Shop name' },
      { name: 'pickupLocation', label: 'Pickup location' },
      { name: 'pickupPhone', label: 'Pickup phone' },
      { name: 'pickupInstructions', label: 'Pickup instructions', kind: 'long' },
    ],
  },
  {
    title: 'Delivery',
    fields: [
      { name: 'deliveryArea', label: 'Delivery area' },
      { name: 'deliveryZipCodes', label: 'ZIP codes served', kind: 'zips', hint: 'Separated by commas or spaces.' },
      { name: 'deliveryHours.start', label: 'Deliveries from', hint: 'Like 10:00' },
      { name: 'deliveryHours.end', label: 'Deliveries until', hint: 'Like 20:00' },
      { name: 'deliveryLeadMinutes', label: 'Notice needed (minutes)', kind: 'number' },
      { name: 'deliveryMaxDaysAhead', label: 'Booked at most (days ahead)', kind: 'number' },
      { name: 'deliveryHourlyCapacity', label: 'Deliveries per hour', kind: 'number', hint: '0: no limit' },
      { name: 'fees.shipping', label: 'Shipping fee', kind: 'money' },
      { name: 'freeFrom.shipping', label: 'Free shipping from', kind: 'money', hint: 'Empty: never free' },
      { name: 'fees.delivery', label: 'Local delivery fee', kind: 'money' },
      { name: 'freeFrom.delivery', label: 'Free delivery from', kind: 'money', hint: 'Empty: never free' },
    ],
  },
  {
    title: 'Stock',
    fields: [
      { name: 'lowStockThreshold', label: 'Low stock at (units or fewer)', kind: 'number' },
      { name: 'maxUnitsPerLine', label: 'Most units per product in an order', kind: 'number', hint: '0: no limit' },
      { name: 'maxPendingOrders', label: 'Most pending orders per customer', kind: 'number', hint: '0: no limit' },
      {
        name: 'maxPendingUnits',
        label: "Most units of one product across a customer's pending orders",
        kind: 'number',
        hint: '0: no limit',
      },
      {
        name: 'maxPendingValue',
        label: "Most goods' value across a customer's pending orders",
        kind: 'money',
        hint: '0: no limit',
      },
      {
        name: 'pendingHoldHours',
        label: 'Hold pending orders (hours)',
        kind: 'number',
        hint: '0: forever. Counted from when an order is placed, whatever its delivery date.',
      },
    ],
  },
];
const FIELDS = GROUPS.flatMap((group) => group.fields);
const LABELS = Object.fromEntries(FIELDS.map((field) => [field.name, field.label]));
const MONEY = new Set(FIELDS.filter((field) => field.kind === 'money').map((field) => field.name));

const read = (settings, name) => name.split('.').reduce((value, key) => value?.[key], settings);

function toForm(settings) {
  return Object.fromEntries(
    FIELDS.map(({ name, kind }) => {
      const value = read(settings, name);
      if (kind === 'zips') return [name, (value || []).join(', ')];
      if (kind === 'money') return [name, value == null ? '' : Number(value).toFixed(2)];
      return [name, value == null ? '' : String(value)];
    }),
  );
}

// A number the server reads as one; anything else goes as typed, so its message names it.
function asNumber(text) {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function toBody(form) {
  const body = {};
  for (const { name, kind } of FIELDS) {
    const text = form[name];
    let value = text;
    if (kind === 'zips') value = text.split(/[\s,]+/).filter(Boolean);
    else if (kind === 'number') value = asNumber(text);
    else if (kind === 'money') value = name.startsWith('freeFrom.') && text.trim() === '' ? null : text.trim();
    const [group, key] = name.split('.');
    if (key) body[group] = { ...body[group], [key]: value };
    else body[name] = value;
  }
  return body;
}

function Field({ field, value, error, onChange }) {
  const id = `setting-${field.name.replace('.', '-')}`;
  const described = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const props = {
    id,
    name: field.name,
    className: 'admin-input',
    value,
    onChange: (event) => onChange(field.name, event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="admin-form">
      <label className="admin-label" htmlFor={id}>
        {field.label}
      </label>
      {field.kind === 'long' || field.kind === 'zips' ? (
        <textarea rows={3} {...props} />
      ) : (
        <input type="text" inputMode={field.kind === 'number' || field.kind === 'money' ? 'decimal' : undefined} {...props} />
      )}
      {field.hint && (
        <p id={`${id}-hint`} className="admin-muted">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// A logged value as the form shows it: money as a price (not the stored number), lists joined.
function shown(value, field) {
  if (value == null || value === '') return '(none)';
  if (Array.isArray(value)) return value.join(', ');
  return MONEY.has(field) ? formatPrice(value) : String(value);
}

function ChangeLog({ changes }) {
  if (!changes?.length) return <p className="admin-muted">No changes saved yet.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="admin-visually-hidden">Changes, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Change</th>
            <th scope="col">By</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={`${change.at}-${change.field}-${index}`}>
              <td>{LABELS[change.field] || change.field}</td>
              <td>
                {shown(change.before, change.field)} → {shown(change.after, change.field)}
              </td>
              <td>{change.by || 'Deleted user'}</td>
              <td>{formatWhen(change.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SettingsForm({ settings }) {
  const toast = useToast();
  const save = useSaveSettings();
  const [form, setForm] = useState(() => toForm(settings));
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');

  const change = (name, value) => setForm((current) => ({ ...current, [name]: value }));
  const submit = (event) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    save.mutate(toBody(form), {
      onSuccess: (saved) => {
        setForm(toForm(saved));
        toast.success('Settings saved');
      },
      onError: (error) => {
        const named = error?.errors || {};
        setErrors(named);
        // Said once: beside the field it names, else (a setting this form does not show, the
        // network) above Save.
        const beside = Object.keys(named).some((name) => LABELS[name]);
        setMessage(beside ? '' : serverMessage(error, 'Failed to save the settings'));
      },
    });
  };
  const firstError = (name) => errors[name]?.[0];

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="admin-fieldset">
          <legend>{group.title}</legend>
          <div className="admin-form-row">
            {group.fields.map((field) => (
              <Field key={field.name} field={field} value={form[field.name]} error={firstError(field.name)} onChange={change} />
            ))}
          </div>
        </fieldset>
      ))}
      {message && (
        <p className="admin-form-error" role="alert">
          {message}
        </p>
      )}
      {/* The page's one main action: primary, and kept in reach at the bottom of a phone's screen. */}
      <div className="settings-save">
        <button type="submit" className="admin-button admin-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

function SettingsScreen() {
  const toast = useToast();
  const { data, isPending, isError, error, refetch } = useQuery(shopSettingsQuery());
  useEffect(() => {
    if (isError) toast.error(serverMessage(error, 'Failed to load the settings'));
  }, [isError, error, toast]);

  return (
    <section className="admin-page" aria-labelledby="settings-title">
      <header className="admin-page-header">
        <h1 id="settings-title">Settings</h1>
        {data && (
          <p className="admin-muted">
            {data.updatedAt
              ? `Last saved ${formatWhen(data.updatedAt)} by ${data.updatedBy || 'a deleted user'}`
              : 'Not saved yet: the first-run values apply'}
          </p>
        )}
      </header>
      {isPending && <Spinner label="Loading settings..." />}
      {isError && (
        <EmptyState title="Failed to load the settings" message="Please try again.">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {data && (
        <>
          <SettingsForm settings={data} />
          <TaxSettings settings={data} />
          <h2>Changes</h2>
          <ChangeLog changes={data.changes} />
        </>
      )}
    </section>
  );
}

// The app routes only admins here; the check is repeated so the page is safe wherever it is used.
export default function SettingsPage() {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <Spinner label="Loading..." />;
  return isAdmin ? <SettingsScreen /> : <AccessDenied />;
}
