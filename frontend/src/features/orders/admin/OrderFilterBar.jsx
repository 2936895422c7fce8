import { useId } from 'react';
import { useShopInfo } from '../../../lib/shopInfo';
import { statusChips } from './orderFilters';

// The All Orders controls. Every change goes straight to the URL through `onChange({key: value})`
// (an empty value clears that filter); the search text goes when the form is sent.
export function OrderFilterBar({ filters, counts, onChange, onClear }) {
  const { deliveryOptions, orderStatuses } = useShopInfo();
  const id = useId();
  const anyFilter = Object.keys(filters).length > 0;

  const submit = (event) => {
    event.preventDefault();
    onChange({ search: new FormData(event.currentTarget).get('search') });
  };

  return (
    <div className="order-filters">
      <form className="order-filters__form" role="search" aria-label="Order filters" onSubmit={submit}>
        <div className="order-filters__field order-filters__field--search">
          <label className="admin-label" htmlFor={`${id}-search`}>
            Search orders
          </label>
          <div className="order-filters__search">
            {/* Keyed by the URL's value: going back, or Clear filters, shows that value again. */}
            <input
              key={filters.search || ''}
              id={`${id}-search`}
              name="search"
              type="search"
              className="admin-input"
              defaultValue={filters.search || ''}
              maxLength={200}
              placeholder="Name, email or order number"
            />
            <button type="submit" className="admin-button admin-button--secondary">
              Search
            </button>
          </div>
        </div>
        <div className="order-filters__field">
          <label className="admin-label" htmlFor={`${id}-delivery`}>
            Delivery
          </label>
          <select
            id={`${id}-delivery`}
            className="admin-input"
            value={filters.deliveryOption || ''}
            onChange={(e) => onChange({ deliveryOption: e.target.value })}
          >
            <option value="">All delivery options</option>
            {deliveryOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="order-filters__field">
          <label className="admin-label" htmlFor={`${id}-from`}>
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="admin-input"
            value={filters.from || ''}
            max={filters.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
          />
        </div>
        <div className="order-filters__field">
          <label className="admin-label" htmlFor={`${id}-to`}>
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="admin-input"
            value={filters.to || ''}
            min={filters.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </div>
        <label className="admin-check order-filters__due">
          <input type="checkbox" checked={filters.due === 'today'} onChange={(e) => onChange({ due: e.target.checked ? 'today' : '' })} />
          Due today
        </label>
        {anyFilter ? (
          <button type="button" className="admin-button admin-button--ghost order-filters__clear" onClick={onClear}>
            Clear filters
          </button>
        ) : null}
      </form>
      <div className="order-chips" role="group" aria-label="Status">
        {statusChips(orderStatuses, counts).map((chip) => {
          const active = (filters.status || '') === chip.id;
          return (
            <button
              key={chip.id || 'all'}
              type="button"
              aria-pressed={active}
              className={`order-chip${chip.id ? ` order-chip--${chip.id}` : ''}${active ? ' is-active' : ''}`}
              onClick={() => onChange({ status: chip.id })}
            >
              {chip.label} <span className="order-chip__count">{counts ? chip.count : '…'}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

export default OrderFilterBar;
