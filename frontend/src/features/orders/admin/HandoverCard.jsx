import { formatClock, formatPrice, formatWhen } from '../../../lib/format';
import { findById, labelOf, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice } from '../components/OrderCard';
import { orderLines } from '../orderShape';
import { isBookedDelivery, isPickup } from './handovers';
import { OrderActions } from './OrderActions';
import { HandoverFacts } from './HandoverActions';

// One of today's handovers: when, who (name and phone), where, what to hand over, and the ID check.
export function HandoverCard({ order, busy, onComplete, onCancel }) {
  const { orderStatuses, deliveryOptions } = useShopInfo();
  const headingId = `handover-${order.id}-title`;
  const option = findById(deliveryOptions, order.deliveryOption);
  const pickup = isPickup(option);
  const when = isBookedDelivery(option) ? formatClock(order.deliveryTime) || 'No time booked' : `Placed ${formatWhen(order.createdAt)}`;
  return (
    <article className="admin-card handover" aria-labelledby={headingId}>
      <header className="admin-order-header">
        <div>
          <p className="handover__when">{when}</p>
          <h3 id={headingId} className="admin-card-title">
            Order #{order.id}
          </h3>
        </div>
        <span className={`admin-status admin-status--${order.status}`}>{labelOf(orderStatuses, order.status)}</span>
      </header>
      <IdNotice order={order} className="handover__id" />
      <HandoverFacts order={order} />
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
        {orderLines(order).map((line) => (
          <li key={line.key}>
            <span>
              {line.name}
              {line.typeName ? ` - ${line.typeName}` : ''} × {line.quantity}
            </span>
          </li>
        ))}
      </ul>
      <p className="admin-order-totals admin-order-total">Total: {formatPrice(order.total)}</p>
      <OrderActions order={order} busy={busy} onComplete={onComplete} onCancel={onCancel} />
    </article>
  );
}

export default HandoverCard;
