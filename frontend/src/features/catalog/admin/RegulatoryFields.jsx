import { useState } from 'react';
import { REGULATORY, startValue, valueText } from './regulatory';
import './regulatory.css';

function OwnControl({ id, kind, value, onChange, disabled, label }) {
  if (kind === 'bool') {
    return (
      <select
        id={id}
        className="admin-input"
        value={value ? 'yes' : 'no'}
        onChange={(e) => onChange(e.target.value === 'yes')}
        disabled={disabled}
        aria-label={label}
      >
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    );
  }
  return (
    <input
      id={id}
      className="admin-input"
      type={kind === 'mg' ? 'number' : 'text'}
      step={kind === 'mg' ? '0.1' : undefined}
      min={kind === 'mg' ? '0' : undefined}
      placeholder={kind === 'text' ? 'Not listed' : undefined}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      aria-label={label}
    />
  );
}

// The regulatory attributes of a product or a type: each inherited (from the category, or a
// type's from its product) until the owner sets it here; clearing it inherits again. Folded
// away until opened (most items take what they inherit); the fields exist only while open.
export function RegulatoryFields({ summary, ...props }) {
  const [open, setOpen] = useState(false);
  const count = Object.values(props.own).filter((v) => v !== null && v !== undefined).length;
  return (
    <details className="regulatory-details" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {summary}
        {count ? ` (${count} set here)` : ` (as the ${props.inheritedFrom})`}
      </summary>
      {open ? <RegulatoryFieldset {...props} /> : null}
    </details>
  );
}

function RegulatoryFieldset({ idPrefix, legend, own, inherited, inheritedFrom, onChange, disabled, error }) {
  const set = (key, value) => onChange({ ...own, [key]: value });
  return (
    <fieldset className="admin-fieldset regulatory-fields">
      <legend>{legend}</legend>
      <p className="admin-hint">The compliance rules read these. Not set here: the {inheritedFrom}&apos;s value applies.</p>
      <div className="regulatory-fields__grid">
        {REGULATORY.map(({ key, label, kind }) => {
          const value = own[key];
          const owned = value !== null && value !== undefined;
          const id = `${idPrefix}-reg-${key}`;
          return (
            <div key={key} className="regulatory-field" role="group" aria-label={label}>
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={owned}
                  onChange={(e) => set(key, e.target.checked ? startValue(kind, inherited[key]) : null)}
                  disabled={disabled}
                  aria-label={`${label}: set here`}
                />{' '}
                <span>{label}</span>
              </label>
              {owned ? (
                <OwnControl id={id} kind={kind} value={value} onChange={(v) => set(key, v)} disabled={disabled} label={label} />
              ) : (
                <p className="admin-muted regulatory-field__inherited">
                  {valueText(kind, inherited[key])} (from the {inheritedFrom})
                </p>
              )}
            </div>
          );
        })}
      </div>
      {error ? (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default RegulatoryFields;
