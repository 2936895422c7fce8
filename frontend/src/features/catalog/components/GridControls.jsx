import { useId } from 'react';
import { DEFAULT_SORT, SORTS } from '../api';

// The grid's order and the "In stock only" switch. Both live in the URL (?sort=, ?inStock=1);
// `update` drops a value that is back at its default, so the plain grid keeps a plain URL.
export function GridControls({ sort, inStock, update }) {
  const id = useId();
  return (
    <div className="grid-controls">
      <div className="grid-controls__sort">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          className="grid-controls__select"
          value={sort || DEFAULT_SORT}
          onChange={(e) => update({ sort: e.target.value === DEFAULT_SORT ? null : e.target.value })}
        >
          {SORTS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <label className="grid-controls__toggle">
        <input type="checkbox" checked={inStock} onChange={(e) => update({ inStock: e.target.checked ? '1' : null })} />
        <span>In stock only</span>
      </label>
    </div>
  );
}

export default GridControls;
