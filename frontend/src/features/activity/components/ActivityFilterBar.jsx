import { useId } from 'react';

// Kind, person and dates. Every change goes straight to the URL through `onChange({key: value})`
// (an empty value clears that filter). The kinds are the server's (`kinds` of each answer).
export function ActivityFilterBar({ filters, kinds, people, onChange, onClear }) {
  const id = useId();
  const field = (key, label, control) => (
    <div className="activity-filters__field">
      <label className="admin-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {control(`${id}-${key}`)}
    </div>
  );
  return (
    <div className="activity-filters" role="search" aria-label="Activity filters">
      {field('entity', 'Kind', (inputId) => (
        <select id={inputId} className="admin-input" value={filters.entity || ''} onChange={(e) => onChange({ entity: e.target.value })}>
          <option value="">Everything</option>
          {kinds.map((kind) => (
            <option key={kind.id} value={kind.id}>
              {kind.label}
            </option>
          ))}
        </select>
      ))}
      {field('person', 'Person', (inputId) => (
        <select id={inputId} className="admin-input" value={filters.person || ''} onChange={(e) => onChange({ person: e.target.value })}>
          <option value="">Anyone</option>
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name || person.email}
            </option>
          ))}
        </select>
      ))}
      {field('from', 'From', (inputId) => (
        <input
          id={inputId}
          type="date"
          className="admin-input"
          value={filters.from || ''}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      ))}
      {field('to', 'To', (inputId) => (
        <input
          id={inputId}
          type="date"
          className="admin-input"
          value={filters.to || ''}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      ))}
      {Object.keys(filters).length > 0 && (
        <button type="button" className="admin-button admin-button--secondary" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
