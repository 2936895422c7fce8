import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { beep, unlockSound } from '../../../lib/beep';
import { formatPrice } from '../../../lib/format';
import { orderKeys, rideKeys } from '../../../lib/queryKeys';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { announcementsQuery } from '../api';
import { NotificationSwitch, notificationPermission, showNotification } from './notifications';
import './announcements.css';

const plural = (n, one, many) => `${n} new ${n === 1 ? one : many}`;

export function newsText(orders, rides) {
  const parts = [];
  if (orders) parts.push(plural(orders, 'order', 'orders'));
  if (rides) parts.push(plural(rides, 'ride request', 'ride requests'));
  return parts.join(', ');
}

// What came since the ids already announced, and the newest ids now.
function newsSince(data, announced) {
  return {
    orders: (data.orders ?? []).filter((order) => order.id > announced.order),
    rides: (data.rides ?? []).filter((ride) => ride.id > announced.ride),
    latest: { order: Math.max(announced.order, data.latestOrderId ?? 0), ride: Math.max(announced.ride, data.latestRideId ?? 0) },
  };
}

const afterOf = (data) => ({ afterOrder: data.latestOrderId ?? 0, afterRide: data.latestRideId ?? 0 });

// Polls the news; the first answer is where this page starts counting. Each new order or ride
// request reloads its list, beeps and (when allowed) notifies, once.
function useNews(pollMs, onNews) {
  const queryClient = useQueryClient();
  const [after, setAfter] = useState(null);
  const { data } = useQuery(announcementsQuery(queryClient, after, pollMs));
  const announced = useRef(null);

  useEffect(() => {
    if (!data) return;
    if (!announced.current) {
      announced.current = { order: data.latestOrderId ?? 0, ride: data.latestRideId ?? 0 };
      setAfter(afterOf(data));
      return;
    }
    const news = newsSince(data, announced.current);
    if (news.latest.order > announced.current.order) queryClient.invalidateQueries({ queryKey: orderKeys.all });
    if (news.latest.ride > announced.current.ride) queryClient.invalidateQueries({ queryKey: rideKeys.all });
    announced.current = news.latest;
    if (news.orders.length || news.rides.length) onNews(news);
  }, [data, queryClient, onNews]);

  // Counted: what the answer for `after` lists (a copy for another `after` counts nothing).
  const current = after && data ? data : null;
  const unseen = { orders: current?.orders?.length ?? 0, rides: current?.rides?.length ?? 0 };
  const markSeen = useCallback(() => {
    if (current && (current.orders?.length || current.rides?.length)) setAfter(afterOf(current));
  }, [current]);
  return { unseen, markSeen };
}

// The tab's title counts what is new (`(2) Orders`) until the staff member has seen it.
function useTitleCount(count, label) {
  useEffect(() => {
    if (!count) return undefined;
    const before = document.title;
    document.title = `(${count}) ${label}`;
    return () => {
      document.title = before;
    };
  }, [count, label]);
}

// A click or a key on the page means the staff member is looking: the news counts as seen, and
// the browser lets later beeps play.
function useSeenOnActivity(markSeen) {
  const latest = useRef(markSeen);
  latest.current = markSeen;
  useEffect(() => {
    const onActivity = () => {
      unlockSound();
      latest.current();
    };
    document.addEventListener('pointerdown', onActivity);
    document.addEventListener('keydown', onActivity);
    return () => {
      document.removeEventListener('pointerdown', onActivity);
      document.removeEventListener('keydown', onActivity);
    };
  }, []);
}

function orderNotice(order, deliveryOptions) {
  const how = labelOf(deliveryOptions, order.deliveryOption, order.deliveryOption);
  return { title: `New order #${order.id}`, body: [order.customerName, how, formatPrice(order.total)].filter(Boolean).join(' · ') };
}

// On an open Orders, Today or Rides page (app/Layout.jsx): new orders and ride requests appear
// without a reload, with a beep, a browser notification once allowed and the title's count.
export function Announcements({ label, pollMs }) {
  const { deliveryOptions } = useShopInfo();
  const [permission, setPermission] = useState(notificationPermission);
  const [latestNews, setLatestNews] = useState('');
  const options = useRef(deliveryOptions);
  options.current = deliveryOptions;

  const onNews = useCallback(
    ({ orders, rides }) => {
      beep();
      setLatestNews(
        [...orders.map((o) => orderNotice(o, options.current).title), ...rides.map((r) => `New ride request #${r.id}`)].join(', '),
      );
      if (permission !== 'granted') return;
      orders.forEach((order) => showNotification({ ...orderNotice(order, options.current), tag: `order-${order.id}` }));
      rides.forEach((ride) => showNotification({ title: `New ride request #${ride.id}`, body: ride.name, tag: `ride-${ride.id}` }));
    },
    [permission],
  );

  const { unseen, markSeen } = useNews(pollMs, onNews);
  const count = unseen.orders + unseen.rides;
  useTitleCount(count, label);
  useSeenOnActivity(markSeen);

  return (
    <div className="announcements">
      <p className="announcements__news" role="status">
        {count ? (
          <>
            <strong>{newsText(unseen.orders, unseen.rides)}</strong>
            <span className="announcements__latest"> {latestNews}</span>
          </>
        ) : null}
      </p>
      {count ? (
        <button type="button" className="button button--secondary button--sm" onClick={markSeen}>
          Mark as seen
        </button>
      ) : null}
      <NotificationSwitch permission={permission} onChange={setPermission} />
    </div>
  );
}

export default Announcements;
