import Spinner from '../../../components/Spinner';
import { useShopInfo } from '../../../lib/shopInfo';
import { HandoverCard } from './HandoverCard';
import { splitHandovers } from './handovers';

function Group({ id, title, empty, orders, cardProps }) {
  return (
    <section className="handover-group" aria-labelledby={id}>
      <h2 id={id} className="handover-group__title">
        {title} <span className="admin-muted">({orders.length})</span>
      </h2>
      {orders.length ? (
        <ol className="admin-list" aria-labelledby={id}>
          {orders.map((order) => (
            <li key={order.id}>
              <HandoverCard order={order} {...cardProps} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-muted">{empty}</p>
      )}
    </section>
  );
}

// The day's handovers (GET /api/orders?due=today): deliveries in time order, then pickups.
export function TodayView({ orders, ...cardProps }) {
  const { deliveryOptions, isLoaded } = useShopInfo();
  if (!isLoaded) return <Spinner label="Loading orders..." />;
  const { deliveries, pickups, others } = splitHandovers(orders, deliveryOptions);
  return (
    <div className="handovers">
      <Group id="today-deliveries" title="Deliveries" empty="No deliveries booked for today." orders={deliveries} cardProps={cardProps} />
      <Group id="today-pickups" title="Pickups" empty="No pickups placed today." orders={pickups} cardProps={cardProps} />
      {others.length ? <Group id="today-other" title="Other" empty="" orders={others} cardProps={cardProps} /> : null}
    </div>
  );
}

export default TodayView;
