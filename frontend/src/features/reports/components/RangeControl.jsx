import { useEffect, useId, useState } from 'react';
import { lastDays } from '../api';

const PRESETS = [7, 30, 90];
// The server's words for the same refusal (common/querydates.py), said here before asking.
export const RANGE_ORDER = 'From must be on or before To.';

// One date of the period, with the refusal beside it when it is the one at fault.
function DateField({ id, label, value, min, max, error, onChange }) {
  return (
    <div className="dashboard-range__field">
      <label className="admin-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="admin-input"
        value={value}
        min={min}
        max={max}
        required
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="admin-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// A report's period: two dates (both included, Los Angeles days) and quick presets. A From after
// the To is refused here, beside the date just changed, and never asked of the server.
export function RangeControl({ range, today, onChange }) {
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [fault, setFault] = useState('');
  useEffect(() => {
    setDraft({ from: range.from, to: range.to });
    setFault('');
  }, [range.from, range.to]);

  const pick = (field) => (value) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (next.from > next.to) {
      setFault(field);
      return;
    }
    setFault('');
    onChange(next);
  };

  return (
    <form className="dashboard-range" aria-label="Report period" onSubmit={(e) => e.preventDefault()}>
      <DateField
        id={`${id}-from`}
        label="From"
        value={draft.from}
        max={draft.to}
        error={fault === 'from' ? RANGE_ORDER : ''}
        onChange={pick('from')}
      />
      <DateField
        id={`${id}-to`}
        label="To"
        value={draft.to}
        min={draft.from}
        error={fault === 'to' ? RANGE_ORDER : ''}
        onChange={pick('to')}
      />
      <div className="dashboard-range__presets" role="group" aria-label="Quick periods">
        {PRESETS.map((days) => {
          const preset = lastDays(today, days);
          const active = preset.from === range.from && preset.to === range.to;
          return (
            <button
              key={days}
              type="button"
              className={`admin-button admin-button--ghost${active ? ' is-active' : ''}`}
              aria-pressed={active}
              onClick={() => onChange(preset)}
            >
              Last {days} days
            </button>
          );
        })}
      </div>
    </form>
  );
}
