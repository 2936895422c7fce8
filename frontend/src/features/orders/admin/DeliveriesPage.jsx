import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatClock, formatDay } from '../../../lib/format';
import { findById, labelOf, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice } from '../components/OrderCard';
import { orderLines } from '../orderShape';
import { deliveriesQuery } from './api';
import { HandoverDialog } from './HandoverDialog';
import { HandoverFacts } from './HandoverActions';
import { checkList, handoverMessages } from './handoverChecks';
import './deliveries.css';

export const mapLink = (address) => `https://maps.google.com/?q=${encodeURIComponent(address)}`;
export const telLink = (phone) => `tel:${String(phone).replace(/[^\d+]/g, '')}`;

// What must be checked at the door: the server's sentence for a 21+ order and each check's words.
function DoorChecks({ order }) {
  const checks = checkList(order.checks);
  const warnings = handoverMessages(order);
  if (!checks.length && !order.idNotice && !warnings.length) return null;
  return (
    <div className="delivery__checks">
      <IdNotice order={order} />
      {checks.length ? (
        <ul aria-label={`Checks at the door for order ${order.id}`}>
          {checks.map((check) => (
            <li key={check}>{check}</li>
          ))}
        </ul>
      ) : null}
      {warnings.map((text) => (
        <p key={text} className="handover-warning" role="note">
          {text}
        </p>
      ))}
    </div>
  );
}

function DeliveryCard({ order, onHandover }) {
  const { orderStatuses } = useShopInfo();
  const headingId = `delivery-${order.id}-title`;
  const open = (findById(orderStatuses, order.status)?.next ?? []).includes('completed');
  return (
    <article className="delivery" aria-labelledby={headingId}>
      <header className="delivery__head">
        <p className="delivery__time">{formatClock(order.deliveryTime) || 'No time booked'}</p>
        <span className={`admin-status admin-status--${order.status}`}>{labelOf(orderStatuses, order.status)}</span>
      </header>
      <h2 id={headingId} className="delivery__name">
        {order.customerName || order.userEmail} <span className="admin-muted">#{order.id}</span>
      </h2>
      {order.deliveryAddress ? (
        <a className="delivery__link" href={mapLink(order.deliveryAddress)} target="_blank" rel="noopener noreferrer">
          {order.deliveryAddress}
        </a>
      ) : (
        <p>No address given</p>
      )}
      {order.phoneNumber ? (
        <a className="delivery__link" href={telLink(order.phoneNumber)}>
          Call {order.phoneNumber}
        </a>
      ) : null}
      {order.specialInstructions ? <p className="delivery__note">{order.specialInstructions}</p> : null}
      <ul className="delivery__items" aria-label={`Items of order ${order.id}`}>
        {orderLines(order).map((line) => (
          <li key={line.key}>
            {line.quantity} × {line.name}
            {line.typeName ? ` - ${line.typeName}` : ''}
          </li>
        ))}
      </ul>
      <DoorChecks order={order} />
      <HandoverFacts order={order} />
      {open ? (
        <div className="delivery__actions">
          <button type="button" className="button button--primary button--block" onClick={() => onHandover(order, 'delivered')}>
            Delivered
          </button>
          <button type="button" className="button button--secondary button--block" onClick={() => onHandover(order, 'failed')}>
            Could not deliver
          </button>
        </div>
      ) : null}
    </article>
  );
}

function DeliveryList({ query, onHandover }) {
  if (query.isPending) return <Spinner label="Loading deliveries..." />;
  if (query.isError) {
    return (
      <EmptyState title="Failed to load deliveries" message={serverMessage(query.error, 'Please try again.')}>
        <button type="button" className="button button--secondary" onClick={() => query.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  }
  const orders = query.data?.orders ?? [];
  if (!orders.length) return <EmptyState title="No deliveries" message="No local delivery is booked for this day." />;
  return (
    <ol className="deliveries__list">
      {orders.map((order) => (
        <li key={order.id}>
          <DeliveryCard order={order} onHandover={onHandover} />
        </li>
      ))}
    </ol>
  );
}

function DaySummary({ day, orders }) {
  const pending = orders.filter((o) => o.status === 'pending').length;
  return (
    <p className="admin-muted" aria-live="polite">
      {formatDay(day)}: {orders.length} booked, {pending} to deliver
    </p>
  );
}

// The driver's view, made for a phone: the day's local deliveries in booked-time order, each
// with its address (opens the map), a tap-to-call phone, the items and what to check at the
// door; Delivered hands the order over with its checks, Could not deliver records why.
export default function DeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') || null;
  const query = useQuery(deliveriesQuery(date));
  const [handover, setHandover] = useState(null); // {order, outcome}
  const day = query.data?.date ?? date;

  return (
    <section className="deliveries" aria-labelledby="deliveries-title">
      <header className="deliveries__head">
        <h1 id="deliveries-title">Deliveries</h1>
        <label className="deliveries__date">
          <span className="admin-visually-hidden">Day</span>
          <input
            type="date"
            className="admin-input"
            value={day || ''}
            onChange={(e) => setParams(e.target.value ? { date: e.target.value } : {})}
          />
        </label>
      </header>
      {day && query.isSuccess ? <DaySummary day={day} orders={query.data.orders ?? []} /> : null}
      <DeliveryList query={query} onHandover={(order, outcome) => setHandover({ order, outcome })} />
      <HandoverDialog order={handover?.order ?? null} outcome={handover?.outcome} onClose={() => setHandover(null)} />
    </section>
  );
}
