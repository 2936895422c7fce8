import { Link } from 'react-router';
import { formatClock, formatDateTimeLA, formatDay, formatPrice } from '../../../lib/format';
import { findById, labelOf, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice } from '../components/OrderCard';
// The ID notice looks the same to the shopper and to the admin who hands the order over.
import '../orders.css';

// Orders from before multi-item carts held one product with its quantity and total.
export function orderLines(order) {
  if (Array.isArray(order.items) && order.items.length) return order.items;
  if (order.productName || order.product) {
    const name = order.productName || order.product?.name || 'Product';
    return [{ productId: order.productId, productName: name, quantity: order.quantity, price: null, subtotal: order.total }];
  }
  return [];
}

function Detail({ label, value }) {
  if (value === null || value === undefined || value === '') return null;
  return (<><dt>{label}</dt><dd>{value}</dd></>);
}

export default function AdminOrderCard({ order, onComplete, onCancel, busy }) {
  const { orderStatuses, deliveryOptions } = useShopInfo();
  // The actions are the moves the server allows from this status (GET /api/shop/info).
  const next = findById(orderStatuses, order.status)?.next ?? [];
  const fee = Number(order.deliveryFee) || 0;
  const headingId = `order-${order.id}-title`;
  return (
    <article className="admin-card admin-order" aria-labelledby={headingId}>
      <header className="admin-order-header">
        <div>
          <h2 id={headingId} className="admin-card-title">Order #{order.id}</h2>
          <p className="admin-muted">{formatDateTimeLA(order.createdAt)}</p>
        </div>
        <span className={`admin-status admin-status--${order.status}`}>{labelOf(orderStatuses, order.status)}</span>
      </header>
      <IdNotice order={order} />
      <dl className="admin-details">
        <Detail label="Customer" value={order.customerName} />
        <Detail label="Account" value={order.userEmail} />
        <Detail label="Delivery" value={labelOf(deliveryOptions, order.deliveryOption)} />
        <Detail label="Address" value={order.deliveryAddress} />
        <Detail label="Phone" value={order.phoneNumber} />
        <Detail label="Date" value={formatDay(order.deliveryDate)} />
        <Detail label="Time" value={formatClock(order.deliveryTime)} />
        <Detail label="Instructions" value={order.specialInstructions} />
      </dl>
      <ul className="admin-order-items" aria-label={`Items of order ${order.id}`}>
        {orderLines(order).map((line, index) => (
          <li key={`${line.productId}-${line.productTypeId ?? ''}-${index}`}>
            <span>
              {line.productName}{line.productTypeName ? ` - ${line.productTypeName}` : ''} × {line.quantity}
              {line.price !== null && line.price !== undefined && <span className="admin-muted"> @ {formatPrice(line.price)}</span>}
            </span>
            {line.subtotal !== null && line.subtotal !== undefined && <span>{formatPrice(line.subtotal)}</span>}
          </li>
        ))}
      </ul>
      <div className="admin-order-totals">
        {fee > 0 && <p>Delivery fee: {formatPrice(fee)}</p>}
        <p className="admin-order-total">Total: {formatPrice(order.total)}</p>
      </div>
      <div className="admin-card-actions">
        <Link className="admin-button admin-button--ghost" to={`/orders/print?id=${order.id}`} aria-label={`Print order ${order.id}`}>Print</Link>
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
