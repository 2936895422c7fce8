import { useId, useState } from 'react';
import { DEFAULT_SORT, SORTS } from '../api';

// The grid's order and the "In stock only" switch. Both live in the URL (?sort=, ?inStock=1);
// `update` drops a value that is back at its default, so the plain grid keeps a plain URL.
export function GridControls({ sort, inStock, update }) {
  const id = useId();
  const chosen = useShown({ sort: sort || DEFAULT_SORT, inStock });
  const change = (changes, urlChanges) => {
    chosen.show(changes);
    update(urlChanges);
  };
  return (
    <div className="grid-controls">
      <div className="grid-controls__sort">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          className="grid-controls__select"
          value={chosen.sort}
          onChange={(e) => change({ sort: e.target.value }, { sort: e.target.value === DEFAULT_SORT ? null : e.target.value })}
        >
          {SORTS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <label className="grid-controls__toggle">
        <input
          type="checkbox"
          checked={chosen.inStock}
          onChange={(e) => change({ inStock: e.target.checked }, { inStock: e.target.checked ? '1' : null })}
        />
        <span>In stock only</span>
      </label>
    </div>
  );
}

// What the controls show: the shopper's choice at once, then the URL's values whenever they
// change (back, forward, a "show all" button). react-router changes the URL in a transition,
// so controls bound to the URL alone went back to the old value until the new grid had
// rendered, a moment a busy phone makes visible.
function useShown(fromUrl) {
  const [shown, setShown] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (seen.sort !== fromUrl.sort || seen.inStock !== fromUrl.inStock) {
    setSeen(fromUrl);
    setShown(fromUrl);
  }
  return { ...shown, show: (changes) => setShown((before) => ({ ...before, ...changes })) };
}

export default GridControls;
