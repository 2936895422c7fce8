import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, serverMessage } from '../../../lib/api';
import { shopInfoQuery } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { settingsKeys } from '../api';

// The tax settings (GET/PUT/PATCH /api/shop/settings, with the history of every setting): the
// shop's own sales-tax rate (pickup), a rate per delivery ZIP (the owner checks each against the
// tax department's published rate: the never-reviewed ones are marked), a rate per state for
// shipping, the excise rates with the day each applies from, and the excise's label. Rates are
// percent numbers (8.75); this form sends them as typed and the server checks them.

// PATCH: only the tax settings, so the rest of the page's form is left as it is.
function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => apiFetch('/shop/settings', { method: 'PATCH', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      return queryClient.invalidateQueries({ queryKey: shopInfoQuery.queryKey });
    },
  });
}

const text = (value) => (value === null || value === undefined ? '' : String(value));

function asNumber(value) {
  const trimmed = String(value ?? '').trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function toForm(settings) {
  return {
    salesTaxRate: text(settings.salesTaxRate),
    exciseTaxLabel: text(settings.exciseTaxLabel),
    deliveryTaxRates: (settings.deliveryTaxRates || []).map((row) => ({
      zip: text(row.zip),
      rate: text(row.rate),
      reviewed: row.reviewed === true,
    })),
    stateTaxRates: (settings.stateTaxRates || []).map((row) => ({ state: text(row.state), rate: text(row.rate) })),
    exciseRates: (settings.exciseRates || []).map((row) => ({ rate: text(row.rate), from: text(row.from) })),
  };
}

function toBody(form) {
  return {
    salesTaxRate: asNumber(form.salesTaxRate),
    exciseTaxLabel: form.exciseTaxLabel.trim(),
    deliveryTaxRates: form.deliveryTaxRates.map((row) => ({ zip: row.zip.trim(), rate: asNumber(row.rate), reviewed: row.reviewed })),
    stateTaxRates: form.stateTaxRates.map((row) => ({ state: row.state.trim().toUpperCase(), rate: asNumber(row.rate) })),
    exciseRates: form.exciseRates.map((row) => ({ rate: asNumber(row.rate), from: row.from })),
  };
}

// The settings this form shows, each with its messages' line under it.
const TAX_SETTINGS = ['salesTaxRate', 'exciseTaxLabel', 'deliveryTaxRates', 'stateTaxRates', 'exciseRates'];

// The server's messages for one setting (its own, and its rows': 'deliveryTaxRates.2.rate').
function messagesFor(errors, name) {
  return Object.entries(errors)
    .filter(([key]) => key === name || key.startsWith(`${name}.`))
    .flatMap(([, list]) => list);
}

function Errors({ errors, name }) {
  const list = messagesFor(errors, name);
  if (!list.length) return null;
  return (
    <p className="admin-field-error" role="alert">
      {list.join(' ')}
    </p>
  );
}

function DeliveryRates({ rows, onChange }) {
  const update = (index, change) => onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const unreviewed = rows.filter((row) => !row.reviewed).length;
  return (
    <>
      {unreviewed > 0 && (
        <p className="admin-muted" role="note">
          {unreviewed} ZIP {unreviewed === 1 ? 'code was' : 'codes were'} never reviewed: check each rate against the tax department&apos;s
          published city rates.
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Local delivery: rate per ZIP code</caption>
          <thead>
            <tr>
              <th scope="col">ZIP</th>
              <th scope="col">Rate (%)</th>
              <th scope="col">Reviewed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.zip || index} data-reviewed={row.reviewed ? 'true' : 'false'}>
                <th scope="row">
                  {row.zip}
                  {!row.reviewed && <span className="admin-status admin-status--pending"> Never reviewed</span>}
                </th>
                <td>
                  <input
                    className="admin-input"
                    inputMode="decimal"
                    aria-label={`Rate for ZIP ${row.zip}`}
                    value={row.rate}
                    // A rate the owner types is one they checked.
                    onChange={(e) => update(index, { rate: e.target.value, reviewed: true })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`ZIP ${row.zip} reviewed`}
                    checked={row.reviewed}
                    onChange={(e) => update(index, { reviewed: e.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

// Rows the owner adds and removes: the states' rates, the excise rates.
function RowsTable({ caption, columns, rows, onChange, blank, addLabel }) {
  const update = (index, key, value) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">
              <span className="admin-visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows have no id of their own until saved: their place is their key.
            <tr key={index}>
              {columns.map((c) => (
                <td key={c.key}>
                  <input
                    className="admin-input"
                    type={c.type || 'text'}
                    aria-label={`${c.label} ${index + 1}`}
                    value={row[c.key]}
                    onChange={(e) => update(index, c.key, e.target.value)}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="admin-button admin-button--ghost"
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  aria-label={`Remove ${caption.toLowerCase()} row ${index + 1}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="admin-button admin-button--secondary" onClick={() => onChange([...rows, blank])}>
        {addLabel}
      </button>
    </div>
  );
}

const STATE_COLUMNS = [
  { key: 'state', label: 'State' },
  { key: 'rate', label: 'State rate (%)' },
];
const EXCISE_COLUMNS = [
  { key: 'rate', label: 'Excise rate (%)' },
  { key: 'from', label: 'Applies from', type: 'date' },
];

export function TaxSettings({ settings }) {
  const toast = useToast();
  const save = useSaveTaxSettings();
  const [form, setForm] = useState(() => toForm(settings));
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const set = (name, value) => setForm((current) => ({ ...current, [name]: value }));

  const submit = (event) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    save.mutate(toBody(form), {
      onSuccess: (saved) => {
        setForm(toForm(saved));
        toast.success('Tax settings saved');
      },
      onError: (error) => {
        const named = error?.errors || {};
        setErrors(named);
        // Said once: beside the setting it names (its own line under it), else above Save.
        const beside = TAX_SETTINGS.some((name) => messagesFor(named, name).length);
        setMessage(beside ? '' : serverMessage(error, 'Failed to save the tax settings'));
      },
    });
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-busy={save.isPending} aria-labelledby="tax-settings-title">
      <fieldset className="admin-fieldset">
        <legend id="tax-settings-title">Taxes</legend>
        <div className="admin-form-row">
          <div className="admin-form">
            <label className="admin-label" htmlFor="setting-salesTaxRate">
              Shop sales-tax rate (%), for pickup
            </label>
            <input
              id="setting-salesTaxRate"
              className="admin-input"
              inputMode="decimal"
              value={form.salesTaxRate}
              onChange={(e) => set('salesTaxRate', e.target.value)}
            />
            <Errors errors={errors} name="salesTaxRate" />
          </div>
          <div className="admin-form">
            <label className="admin-label" htmlFor="setting-exciseTaxLabel">
              Excise tax label (shown on receipts)
            </label>
            <input
              id="setting-exciseTaxLabel"
              className="admin-input"
              value={form.exciseTaxLabel}
              onChange={(e) => set('exciseTaxLabel', e.target.value)}
            />
            <Errors errors={errors} name="exciseTaxLabel" />
          </div>
        </div>
        <DeliveryRates rows={form.deliveryTaxRates} onChange={(rows) => set('deliveryTaxRates', rows)} />
        <Errors errors={errors} name="deliveryTaxRates" />
        <RowsTable
          caption="Shipping: rate per state"
          columns={STATE_COLUMNS}
          rows={form.stateTaxRates}
          onChange={(rows) => set('stateTaxRates', rows)}
          blank={{ state: '', rate: '' }}
          addLabel="Add a state"
        />
        <Errors errors={errors} name="stateTaxRates" />
        <RowsTable
          caption="Excise rates"
          columns={EXCISE_COLUMNS}
          rows={form.exciseRates}
          onChange={(rows) => set('exciseRates', rows)}
          blank={{ rate: '', from: '' }}
          addLabel="Add an excise rate"
        />
        <Errors errors={errors} name="exciseRates" />
      </fieldset>
      {message && (
        <p className="admin-form-error" role="alert">
          {message}
        </p>
      )}
      <div>
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save tax settings'}
        </button>
      </div>
    </form>
  );
}

export default TaxSettings;
