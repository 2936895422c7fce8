import { MoneyLines } from '../../../components/MoneyLines';
import { SalePrice } from '../../../components/SalePrice';
import { formatDayAndClock, formatPrice, formatWhen } from '../../../lib/format';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { feeLabel, orderFigures, orderLines } from '../orderShape';
import { BuyAgain } from './BuyAgain';
import { OrderHistory } from './OrderHistory';

// Labels are the server's (GET /api/shop/info `orderStatuses`); one it never named shows as sent.
export function StatusBadge({ status }) {
  const known = findById(useShopInfo().orderStatuses, status);
  return <span className={`order-status order-status--${known ? status : 'unknown'}`}>{known?.label || status || 'Unknown'}</span>;
}

// The server's sentence for 21+ orders (`idNotice`: bring ID to the pickup, or ID checked at the
// door), or nothing when the order needs no ID check.
export function IdNotice({ order, className = '' }) {
  if (!order || !order.idNotice) return null;
  return (
    <p className={`id-notice ${className}`.trim()} role="note" data-testid="id-notice">
      <strong>{order.idNotice}</strong>
    </p>
  );
}

export function OrderLines({ order }) {
  return (
    <ul className="order-lines">
      {orderLines(order).map((line) => (
        <li key={line.key} className="order-line">
          <div className="order-line__main">
            <span className="order-line__name">{line.name}</span>
            {line.typeName && <span className="order-line__type"> - {line.typeName}</span>}
            <span className="order-line__qty">
              {' '}
              × {line.quantity} @ <SalePrice compareAtPrice={line.compareAtPrice}>{formatPrice(line.price)}</SalePrice>
            </span>
            {line.discount > 0 && <span className="order-line__discount"> (discount -{formatPrice(line.discount)})</span>}
          </div>
          <span className="order-line__subtotal">{formatPrice(line.subtotal)}</span>
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// Where and when: the option, a local delivery's booked date and time (written as the
// confirmation page writes it), the address and ZIP; only the facts the order has.
function DeliveryFacts({ order }) {
  const option = findById(useShopInfo().deliveryOptions, order.deliveryOption)?.label ?? '';
  const booked = order.deliveryOption === 'delivery' ? formatDayAndClock(order.deliveryDate, order.deliveryTime) : '';
  const addressTerm = order.deliveryOption === 'shipping' ? 'Shipping address' : 'Delivery address';
  return (
    <>
      {option && <Fact term="Delivery">{option}</Fact>}
      {booked && <Fact term="Booked for">{booked}</Fact>}
      {order.deliveryAddress && <Fact term={addressTerm}>{order.deliveryAddress}</Fact>}
      {order.deliveryZip && <Fact term="ZIP">{order.deliveryZip}</Fact>}
      {order.readyAt && <Fact term="Ready for pickup">{formatWhen(order.readyAt)}</Fact>}
    </>
  );
}

// The order's figures, each as the server answered it: the same lines as the cart and checkout,
// as rows of the card's list of facts (`bare`) or a list of their own.
export function OrderMoney({ order, testId, bare = false }) {
  return (
    <MoneyLines
      figures={orderFigures(order)}
      feeLabel={feeLabel(order)}
      testId={testId}
      className="order-card__money"
      totalClassName="order-card__total"
      bare={bare}
    />
  );
}

// What an open order's customer still needs (the server's words, GET /api/shop/info): how and
// when it is paid, where and how a pickup is collected, and where its confirmation went. A
// finished order (one the served statuses lead nowhere from) needs none of it.
// `place`: the pickup place too (the confirmation says it in its own sentence).
export function OrderNext({ order, className = 'order-next', place = true }) {
  const { deliveryOptions, orderStatuses, pickupLocation, pickupInstructions } = useShopInfo();
  const status = findById(orderStatuses, order.status);
  if (status && !(status.next || []).length) return null;
  const option = findById(deliveryOptions, order.deliveryOption);
  const pickup = order.deliveryOption === 'pickup';
  return (
    <div className={className}>
      {option?.payment && <p className="order-next__payment">{option.payment}</p>}
      {pickup && <PickupWhere location={place ? pickupLocation : ''} instructions={pickupInstructions} />}
      {order.userEmail && <p className="order-next__email">A confirmation was emailed to {order.userEmail}.</p>}
    </div>
  );
}

// A pickup's place and the shop's instructions for collecting it (the owner's settings).
function PickupWhere({ location, instructions }) {
  return (
    <>
      {location && (
        <p>
          Pick up at <strong>{location}</strong>.
        </p>
      )}
      {instructions && <p className="order-next__instructions">{instructions}</p>}
    </>
  );
}

export function OrderCard({ order }) {
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}-title`}>
      <header className="order-card__head">
        <div>
          <h2 className="order-card__title" id={`order-${order.id}-title`}>
            Order #{order.id}
          </h2>
          {order.createdAt && (
            <time className="order-card__date" dateTime={order.createdAt}>
              {formatWhen(order.createdAt)}
            </time>
          )}
        </div>
        <StatusBadge status={order.status} />
      </header>
      <OrderLines order={order} />
      <IdNotice order={order} />
      <OrderNext order={order} />
      <dl className="order-card__facts">
        <DeliveryFacts order={order} />
        <OrderMoney order={order} testId={`order-${order.id}`} bare />
      </dl>
      <OrderHistory order={order} />
      <BuyAgain order={order} />
    </article>
  );
}
