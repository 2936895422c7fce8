import { useLocation, useNavigate } from 'react-router';
import { formatDayAndClock } from '../../../lib/format';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice, OrderLines, OrderMoney, OrderNext } from './OrderCard';
import '../orders.css';

// Router state is the order just placed; sessionStorage keeps it across a reload of the page.
function readOrder(state) {
  if (state && state.order) return state.order;
  try {
    const stored = sessionStorage.getItem('lastOrder');
    const order = stored ? JSON.parse(stored) : null;
    return order && typeof order === 'object' ? order : null;
  } catch {
    return null;
  }
}

// ' on Tue, Jan 1, 2030 at 2:30 PM', ' at 2:30 PM', or nothing.
export function deliveryWhen(order) {
  const when = formatDayAndClock(order.deliveryDate, order.deliveryTime);
  if (!when) return '';
  return order.deliveryDate ? ` on ${when}` : ` at ${when}`;
}

function DeliveryText({ order }) {
  const shop = useShopInfo();
  const heading = findById(shop.deliveryOptions, order.deliveryOption)?.label ?? '';
  if (order.deliveryOption === 'pickup') {
    return (
      <div className="confirmation-delivery">
        <h2>{heading}</h2>
        <p>
          Your order will be ready for pickup in 30 minutes at <strong>{shop.pickupLocation}</strong>.
        </p>
        <p>
          Please text {shop.pickupPhone ? <strong>{shop.pickupPhone}</strong> : 'us'} with your full name, phone number and ETA range, then
          call when you arrive.
        </p>
      </div>
    );
  }
  if (order.deliveryOption === 'delivery') {
    return (
      <div className="confirmation-delivery">
        <h2>{heading}</h2>
        <p>
          Your order will be delivered locally in {shop.deliveryArea}
          {deliveryWhen(order)}. We will contact you to confirm the delivery.
        </p>
        {order.deliveryAddress && <p>Delivery address: {order.deliveryAddress}</p>}
      </div>
    );
  }
  if (order.deliveryOption === 'shipping') {
    return (
      <div className="confirmation-delivery">
        <h2>{heading}</h2>
        <p>Your order will be shipped and should arrive in 3-5 business days.</p>
        {order.deliveryAddress && <p>Shipping address: {order.deliveryAddress}</p>}
      </div>
    );
  }
  return null;
}

export function OrderConfirmationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const order = readOrder(location.state);
  const shop = useShopInfo();

  if (!order) {
    return (
      <section className="confirmation confirmation--missing">
        <h1>No Order Found</h1>
        <p>We could not find a recent order to show.</p>
        <button type="button" className="button button--primary" onClick={() => navigate('/')}>
          Return to Products
        </button>
      </section>
    );
  }

  const option = findById(shop.deliveryOptions, order.deliveryOption)?.label ?? '';
  return (
    <section className="confirmation">
      <h1>Order Confirmed</h1>
      <p className="confirmation__lead">
        Thank you{order.customerName ? `, ${order.customerName}` : ''}! Your order number is <strong>#{order.id}</strong>.
      </p>
      <IdNotice order={order} className="id-notice--large" />
      <DeliveryText order={order} />
      <OrderNext order={order} className="confirmation-next" place={false} />
      <div className="confirmation__summary">
        <h2>Order Summary</h2>
        <OrderLines order={order} />
        <dl className="order-card__facts">
          {option && (
            <div>
              <dt>Delivery</dt>
              <dd>{option}</dd>
            </div>
          )}
          <OrderMoney order={order} testId="confirmation" bare />
        </dl>
      </div>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Continue Shopping
      </button>
    </section>
  );
}
