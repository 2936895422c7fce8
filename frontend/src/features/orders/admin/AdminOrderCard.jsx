import { Email } from '../../../components/Email';
import { formatClock, formatDay, formatPrice, formatWhen } from '../../../lib/format';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice, OrderMoney } from '../components/OrderCard';
import { orderLines } from '../orderShape';
import { LineAdjust } from './LineAdjust';
import { OrderActions } from './OrderActions';
import { HandoverFacts } from './HandoverActions';
import { HandoverRecord } from './HandoverRecord';
// The ID notice looks the same to the shopper and to the admin who hands the order over.
import '../orders.css';

function Detail({ label, value }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export default function AdminOrderCard({ order, onComplete, onCancel, busy }) {
  const { orderStatuses, deliveryOptions } = useShopInfo();
  const headingId = `order-${order.id}-title`;
  return (
    <article className="admin-card admin-order" aria-labelledby={headingId}>
      <header className="admin-order-header">
        <div>
          <h2 id={headingId} className="admin-card-title">
            Order #{order.id}
          </h2>
          <p className="admin-muted">{formatWhen(order.createdAt)}</p>
        </div>
        <span className={`admin-status admin-status--${order.status}`}>{labelOf(orderStatuses, order.status)}</span>
      </header>
      <IdNotice order={order} />
      <HandoverFacts order={order} />
      <dl className="admin-details">
        <Detail label="Customer" value={order.customerName} />
        <Detail label="Account" value={order.userEmail ? <Email address={order.userEmail} /> : ''} />
        <Detail label="Delivery" value={labelOf(deliveryOptions, order.deliveryOption)} />
        <Detail label="Address" value={order.deliveryAddress} />
        <Detail label="Phone" value={order.phoneNumber} />
        <Detail label="Date" value={formatDay(order.deliveryDate)} />
        <Detail label="Time" value={formatClock(order.deliveryTime)} />
        <Detail label="Instructions" value={order.specialInstructions} />
      </dl>
      <ul className="admin-order-items" aria-label={`Items of order ${order.id}`}>
        {orderLines(order).map((line) => (
          <li key={line.key}>
            <span>
              {line.name}
              {line.typeName ? ` - ${line.typeName}` : ''} × {line.quantity}
              <span className="admin-muted">
                {' @ '}
                <span className="money">{formatPrice(line.price)}</span>
              </span>
            </span>
            <span className="money">{formatPrice(line.subtotal)}</span>
            {line.discount > 0 && <span className="admin-muted money"> discount -{formatPrice(line.discount)}</span>}
            <LineAdjust order={order} line={line} />
          </li>
        ))}
      </ul>
      <HandoverRecord order={order} />
      <div className="admin-order-totals">
        <OrderMoney order={order} testId={`admin-order-${order.id}`} />
      </div>
      <OrderActions order={order} busy={busy} onComplete={onComplete} onCancel={onCancel} />
    </article>
  );
}
