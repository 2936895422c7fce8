import { Link } from 'react-router';
import { formatDateTimeLA, formatPrice } from '../../../lib/format';
import { findById, labelOf, useShopInfo } from '../../../lib/shopInfo';
import { orderLines } from '../orderShape';
import { formatClock, isBookedDelivery, isPickup, pickLines } from './handovers';

// One of today's handovers: when, who (name and phone), where, what to hand over, and the ID check.
export function HandoverCard({ order, busy, onComplete, onCancel }) {
  const { orderStatuses, deliveryOptions } = useShopInfo();
  const next = findById(orderStatuses, order.status)?.next ?? [];
  const headingId = `handover-${order.id}-title`;
  const option = findById(deliveryOptions, order.deliveryOption);
  const pickup = isPickup(option);
  const when = isBookedDelivery(option)
    ? formatClock(order.deliveryTime) || 'No time booked'
    : `Placed ${formatDateTimeLA(order.createdAt)}`;
  return (
    <article className="admin-card handover" aria-labelledby={headingId}>
      <header className="admin-order-header">
        <div>
          <p className="handover__when">{when}</p>
          <h3 id={headingId} className="admin-card-title">Order #{order.id}</h3>
        </div>
        <span className={`admin-status admin-status--${order.status}`}>{labelOf(orderStatuses, order.status)}</span>
      </header>
      {order.idNotice ? (
        <p className="handover__id" role="note">
          {order.idNotice}
        </p>
      ) : null}
      <dl className="admin-details">
        <dt>Customer</dt>
        <dd>{order.customerName || order.userEmail}</dd>
        <dt>Phone</dt>
        <dd>{order.phoneNumber ? <a href={`tel:${order.phoneNumber.replace(/[^\d+]/g, '')}`}>{order.phoneNumber}</a> : 'None given'}</dd>
        <dt>{pickup ? 'Handover' : 'Address'}</dt>
        <dd>{pickup ? labelOf(deliveryOptions, order.deliveryOption) : order.deliveryAddress || 'None given'}</dd>
        {order.specialInstructions ? (
          <>
            <dt>Instructions</dt>
            <dd>{order.specialInstructions}</dd>
          </>
        ) : null}
      </dl>
      <ul className="admin-order-items" aria-label={`Items of order ${order.id}`}>
        {pickLines(order, orderLines).map((line) => (
          <li key={line.key}>
            <span>
              {line.name}
              {line.typeName ? ` - ${line.typeName}` : ''} × {line.quantity}
            </span>
          </li>
        ))}
      </ul>
      <p className="admin-order-totals admin-order-total">Total: {formatPrice(order.total)}</p>
      <div className="admin-card-actions">
        <Link className="admin-button admin-button--ghost" to={`/orders/print?id=${order.id}`} aria-label={`Print order ${order.id}`}>
          Print
        </Link>
        {next.includes('completed') && (
          <button type="button" className="admin-button admin-button--primary" disabled={busy}
            onClick={() => onComplete(order)} aria-label={`Complete order ${order.id}`}>Complete</button>
        )}
        {next.includes('cancelled') && (
          <button type="button" className="admin-button admin-button--danger" disabled={busy}
            onClick={() => onCancel(order)} aria-label={`Cancel order ${order.id}`}>Cancel</button>
        )}
      </div>
    </article>
  );
}

export default HandoverCard;
