import { useId, useState } from 'react';
import { useMediaQuery } from '../../../lib/hooks';
import { useShopInfo } from '../../../lib/shopInfo';
import { statusChips } from './orderFilters';

// orderAdmin.css turns the table into cards at the same width.
export const PHONE_QUERY = '(max-width: 720px)';

// On a phone the filters wait behind a button that says how many are set, so the first orders
// show on the first screen; the status chips stay out.
function FiltersToggle({ controls, open, count, onToggle }) {
  return (
    <button
      type="button"
      className="admin-button admin-button--secondary order-filters__toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      Filters{count ? ` (${count})` : ''}
    </button>
  );
}

// The All Orders controls. Every change goes straight to the URL through `onChange({key: value})`
// (an empty value clears that filter); the search text goes when the form is sent.
export function OrderFilterBar({ filters, counts, onChange, onClear }) {
  const { deliveryOptions, orderStatuses } = useShopInfo();
  const id = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const anyFilter = Object.keys(filters).length > 0;
  const formFilters = Object.keys(filters).filter((key) => key !== 'status').length;

  const submit = (event) => {
    event.preventDefault();
    onChange({ search: new FormData(event.currentTarget).get('search') });
  };

  return (
    <div className="order-filters">
      {phone ? <FiltersToggle controls={`${id}-form`} open={open} count={formFilters} onToggle={() => setOpen((v) => !v)} /> : null}
      <form
        id={`${id}-form`}
        className="order-filters__form"
        role="search"
        aria-label="Order filters"
        onSubmit={submit}
        hidden={phone && !open}
      >
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
        <div className="order-filters__field order-filters__field--delivery">
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
