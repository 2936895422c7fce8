import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { STOCK_FILTERS } from './stockLevel';

// Narrow the product grid to low or sold-out products (?stock=low|out, sent to GET /api/products).
export function StockFilter() {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const value = params.get('stock') || '';
  const change = (event) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set('stock', event.target.value);
    else next.delete('stock');
    setParams(next);
  };
  return (
    <div className="admin-filter">
      <label className="admin-label" htmlFor={`${id}-stock`}>
        Stock
      </label>
      <select id={`${id}-stock`} className="admin-input" value={value} onChange={change}>
        {STOCK_FILTERS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default StockFilter;
