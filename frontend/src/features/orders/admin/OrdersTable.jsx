import { useEffect, useRef } from 'react';
import { Email } from '../../../components/Email';
import { formatClock, formatDay, formatDayAndClock, formatPrice } from '../../../lib/format';
import { findById, labelOf, useShopInfo } from '../../../lib/shopInfo';
import { orderLines } from '../orderShape';
import { isBookedDelivery } from './handovers';

const unitsOf = (order) => orderLines(order).reduce((sum, line) => sum + line.quantity, 0);

// The header's box: checked when every row shown is selected, mixed when some are.
function SelectAll({ orders, selected, onSelectAll }) {
  const ref = useRef(null);
  const count = orders.filter((order) => selected.has(order.id)).length;
  const all = orders.length > 0 && count === orders.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <label className="orders-table__select">
      <input ref={ref} type="checkbox" checked={all} onChange={() => onSelectAll(!all)} aria-label="Select all orders on this page" />
      <span className="orders-table__select-text" aria-hidden="true">
        All
      </span>
    </label>
  );
}

// How it leaves the shop, and for a booked delivery when.
function Handover({ order, deliveryOptions }) {
  const option = findById(deliveryOptions, order.deliveryOption);
  const booked = isBookedDelivery(option) ? formatDayAndClock(order.deliveryDate, order.deliveryTime) : '';
  return (
    <>
      {labelOf(deliveryOptions, order.deliveryOption)}
      {booked ? <span className="orders-table__sub">{booked}</span> : null}
    </>
  );
}

function Row({ order, checked, onToggle, onOpen }) {
  const { orderStatuses, deliveryOptions } = useShopInfo();
  const units = unitsOf(order);
  // A click anywhere but on a control opens the order; the number is the keyboard's way in.
  const open = (event) => {
    if (!event.target.closest('input, button, a, label')) onOpen(order);
  };
  return (
    <tr className={`orders-table__row${checked ? ' is-selected' : ''}`} onClick={open}>
      <td className="orders-table__check">
        <input type="checkbox" checked={checked} onChange={() => onToggle(order.id)} aria-label={`Select order ${order.id}`} />
      </td>
      <th scope="row" className="orders-table__number">
        <button type="button" className="orders-table__open" onClick={() => onOpen(order)} aria-label={`Open order ${order.id}`}>
          #{order.id}
        </button>
      </th>
      <td className="orders-table__date">
        {formatDay(order.createdAt)}
        <span className="orders-table__sub">{formatClock(order.createdAt)}</span>
      </td>
      <td className="orders-table__customer">
        {order.customerName || <Email address={order.userEmail} />}
        {order.customerName ? (
          <span className="orders-table__sub">
            <Email address={order.userEmail} />
          </span>
        ) : null}
      </td>
      <td className="orders-table__handover">
        <Handover order={order} deliveryOptions={deliveryOptions} />
      </td>
      <td className="orders-table__items num">
        {units}
        <span className="orders-table__unit"> {units === 1 ? 'item' : 'items'}</span>
      </td>
      <td className="orders-table__total num money">{formatPrice(order.total)}</td>
      <td className="orders-table__status">
        <span className={`admin-status admin-status--${order.status}`}>{labelOf(orderStatuses, order.status)}</span>
        {order.readyAt && order.status === 'pending' ? <span className="orders-table__sub">Ready</span> : null}
      </td>
    </tr>
  );
}

// The back office's orders, one row each (docs/architecture.md, the front end): select rows for
// the bulk bar, open one for its details.
export function OrdersTable({ orders, selected, onToggle, onSelectAll, onOpen }) {
  return (
    <div className="orders-table-wrap">
      <table className="orders-table">
        <caption className="visually-hidden">Orders</caption>
        <thead>
          <tr>
            <th scope="col" className="orders-table__check">
              <SelectAll orders={orders} selected={selected} onSelectAll={onSelectAll} />
            </th>
            <th scope="col">Order</th>
            <th scope="col" className="orders-table__date">
              Date
            </th>
            <th scope="col" className="orders-table__customer">
              Customer
            </th>
            <th scope="col" className="orders-table__handover">
              Option
            </th>
            <th scope="col" className="orders-table__items num">
              Items
            </th>
            <th scope="col" className="orders-table__total num">
              Total
            </th>
            <th scope="col" className="orders-table__status">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <Row key={order.id} order={order} checked={selected.has(order.id)} onToggle={onToggle} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default OrdersTable;
