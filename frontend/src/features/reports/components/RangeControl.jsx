import { useId } from 'react';
import { lastDays } from '../api';

const PRESETS = [7, 30, 90];

// A report's period: two dates (both included, Los Angeles days) and quick presets.
export function RangeControl({ range, today, onChange }) {
  const id = useId();
  return (
    <form className="dashboard-range" aria-label="Report period" onSubmit={(e) => e.preventDefault()}>
      <div className="dashboard-range__field">
        <label className="admin-label" htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="admin-input"
          value={range.from}
          max={range.to}
          required
          onChange={(e) => e.target.value && onChange({ from: e.target.value, to: range.to })}
        />
      </div>
      <div className="dashboard-range__field">
        <label className="admin-label" htmlFor={`${id}-to`}>
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="admin-input"
          value={range.to}
          min={range.from}
          required
          onChange={(e) => e.target.value && onChange({ from: range.from, to: e.target.value })}
        />
      </div>
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
