import { formatWhen } from '../../../lib/format';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';

// One step in words: "Placed", or the status reached with "by the shop" when an admin made it.
// Who made it is never shown (the server does not say): a customer reads this list.
function stepText(event, statuses) {
  if (!event.fromStatus) return 'Placed';
  const label = labelOf(statuses, event.toStatus, 'Updated');
  return event.byShop ? `${label} by the shop` : label;
}

// The order's status history (`events`, oldest first) with when each step happened and the
// server's reason in the customer's words (e.g. "Hold expired."); nothing for an order without one.
export function OrderHistory({ order }) {
  const { orderStatuses } = useShopInfo();
  const events = Array.isArray(order.events) ? order.events : [];
  if (!events.length) return null;
  const titleId = `order-${order.id}-history`;
  return (
    <section className="order-history" aria-labelledby={titleId}>
      <h3 className="order-history__title" id={titleId}>
        History
      </h3>
      <ol className="order-history__list">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`} className="order-history__step">
            <span className="order-history__what">{stepText(event, orderStatuses)}</span>{' '}
            <time className="order-history__when" dateTime={event.at}>
              {formatWhen(event.at)}
            </time>
            {event.reason && <span className="order-history__note">{event.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
