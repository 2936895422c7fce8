import { RegulatoryFields } from './RegulatoryFields';
import { NOTHING_OWN } from './regulatory';
import { newTypeRow } from './typeRows';

export default function ProductTypesEditor({ rows, onChange, disabled, showErrors, inherited = NOTHING_OWN }) {
  const update = (id, field, value) => onChange(rows.map((row) => (row.id === id ? { ...row, [field]: value } : row)));
  const remove = (id) => onChange(rows.filter((row) => row.id !== id));
  const add = () => onChange([...rows, newTypeRow()]);

  return (
    <fieldset className="admin-fieldset">
      <legend>Product types</legend>
      {rows.length === 0 && <p className="admin-hint">No types: the product is sold as one item.</p>}
      {rows.map((row, index) => {
        const label = `Type ${index + 1}`;
        const missingName = showErrors && !row.name.trim();
        return (
          <div key={row.id} className="admin-type-row" role="group" aria-label={label}>
            <label className="admin-type-field">
              <span>
                <span className="admin-visually-hidden">{label} </span>Name
              </span>
              <input
                value={row.name}
                onChange={(e) => update(row.id, 'name', e.target.value)}
                disabled={disabled}
                aria-invalid={missingName || undefined}
                aria-required="true"
              />
            </label>
            <label className="admin-type-field">
              <span>
                <span className="admin-visually-hidden">{label} </span>Price
              </span>
              <input
                type="number"
                step="0.01"
                min="0"
                value={row.price}
                placeholder="Product price"
                onChange={(e) => update(row.id, 'price', e.target.value)}
                disabled={disabled}
              />
            </label>
            <label className="admin-type-field">
              <span>
                <span className="admin-visually-hidden">{label} </span>Compare at
              </span>
              <input
                type="number"
                step="0.01"
                min="0"
                value={row.compareAtPrice ?? ''}
                placeholder="Not on sale"
                onChange={(e) => update(row.id, 'compareAtPrice', e.target.value)}
                disabled={disabled}
              />
            </label>
            <label className="admin-type-field">
              <span>
                <span className="admin-visually-hidden">{label} </span>Quantity
              </span>
              <input
                type="number"
                step="1"
                min="0"
                value={row.quantity}
                onChange={(e) => update(row.id, 'quantity', e.target.value)}
                disabled={disabled}
              />
            </label>
            <label className="admin-type-check">
              <input
                type="checkbox"
                checked={row.availability}
                onChange={(e) => update(row.id, 'availability', e.target.checked)}
                disabled={disabled}
                aria-label={`${label} available`}
              />
              <span>{row.availability ? 'Available' : 'Out of stock'}</span>
            </label>
            <button
              type="button"
              className="admin-button admin-button--ghost"
              onClick={() => remove(row.id)}
              disabled={disabled}
              aria-label={`Remove ${label}`}
            >
              Remove
            </button>
            <div className="admin-type-regulatory">
              <RegulatoryFields
                summary={`${label} regulatory attributes`}
                idPrefix={`type-${row.id}`}
                legend={`${label} regulatory attributes`}
                own={row.regulatoryOwn || NOTHING_OWN}
                inherited={inherited}
                inheritedFrom="product"
                onChange={(next) => update(row.id, 'regulatoryOwn', next)}
                disabled={disabled}
              />
            </div>
            {missingName && (
              <p className="admin-field-error" role="alert">
                Please enter name for the product type
              </p>
            )}
          </div>
        );
      })}
      <button type="button" className="admin-button admin-button--secondary" onClick={add} disabled={disabled}>
        Add Type
      </button>
    </fieldset>
  );
}
