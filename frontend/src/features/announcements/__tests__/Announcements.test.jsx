import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch } from '../../../test/fetch';
import { orderKeys, rideKeys } from '../../../lib/queryKeys';
import { Announcements } from '../components/Announcements';

const staff = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };
const ORDER_13 = { id: 13, customerName: 'Cy', deliveryOption: 'pickup', total: '12.50', createdAt: '2026-11-29T08:00:00Z' };
const ORDER_14 = { id: 14, customerName: 'Di', deliveryOption: 'delivery', total: '40.00', createdAt: '2026-11-29T08:01:00Z' };
const RIDE_8 = { id: 8, name: 'Rider', createdAt: '2026-11-29T08:02:00Z' };

// A server whose news changes as the test says: `state.orders`, `state.rides` after the ids asked.
function newsServer(state) {
  return mockFetch({
    'GET /api/announcements': (url, init) => {
      if (state.down) throw new TypeError('Failed to fetch');
      const params = new URL(url, 'http://localhost').searchParams;
      const afterOrder = Number(params.get('afterOrder') ?? Infinity);
      const afterRide = Number(params.get('afterRide') ?? Infinity);
      const body = {
        latestOrderId: Math.max(12, ...state.orders.map((o) => o.id)),
        latestRideId: Math.max(7, ...state.rides.map((r) => r.id)),
        orders: state.orders.filter((o) => o.id > afterOrder),
        rides: state.rides.filter((r) => r.id > afterRide),
      };
      const etag = `"${body.latestOrderId}-${body.latestRideId}-${url}"`;
      if (init.headers['If-None-Match'] === etag) return { status: 304 };
      return { status: 200, body, headers: { ETag: etag } };
    },
  });
}

let beeps;
beforeEach(() => {
  document.title = 'Corner Shop';
  beeps = 0;
  window.AudioContext = jest.fn(() => ({
    state: 'running',
    currentTime: 0,
    destination: {},
    resume: () => Promise.resolve(),
    createGain: () => ({ gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }),
    createOscillator: () => ({
      frequency: { setValueAtTime() {} },
      connect() {},
      start() {
        beeps += 1;
      },
      stop() {},
    }),
  }));
});
afterEach(() => {
  delete window.AudioContext;
  delete window.Notification;
});

const polls = (fetchMock) => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/announcements'));

test('a new order shows without a reload: the title counts it, a beep plays, its list reloads', async () => {
  const state = { orders: [], rides: [] };
  const fetchMock = newsServer(state);
  const { queryClient } = renderWithProviders(<Announcements label="Orders" pollMs={40} />, { user: staff });
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
  // The first answer is where the page starts counting: what came before is not news.
  await waitFor(() => expect(polls(fetchMock).some(([url]) => url.includes('afterOrder=12'))).toBe(true));
  expect(document.title).toBe('Corner Shop');

  state.orders = [ORDER_13];
  expect(await screen.findByText('1 new order')).toBeInTheDocument();
  expect(document.title).toBe('(1) Orders');
  expect(beeps).toBeGreaterThan(0);
  expect(invalidate).toHaveBeenCalledWith({ queryKey: orderKeys.all });

  state.orders = [ORDER_13, ORDER_14];
  state.rides = [RIDE_8];
  expect(await screen.findByText('2 new orders, 1 new ride request')).toBeInTheDocument();
  expect(document.title).toBe('(3) Orders');
  expect(invalidate).toHaveBeenCalledWith({ queryKey: rideKeys.all });
});

test('polls send the ETag held and a 304 changes nothing', async () => {
  const fetchMock = newsServer({ orders: [], rides: [] });
  renderWithProviders(<Announcements label="Orders" pollMs={40} />, { user: staff });
  await waitFor(() => expect(polls(fetchMock).filter(([url]) => url.includes('afterOrder=12')).length).toBeGreaterThan(2));
  const later = polls(fetchMock).filter(([url]) => url.includes('afterOrder=12'));
  expect(later.slice(1).every(([, init]) => init.headers['If-None-Match'])).toBe(true);
  expect(document.querySelector('.announcements__news')).toHaveTextContent('');
  expect(document.title).toBe('Corner Shop');
});

test('seen once the staff member clicks on the page: the title is the shop name again', async () => {
  const state = { orders: [], rides: [] };
  const fetchMock = newsServer(state);
  const { user } = renderWithProviders(
    <>
      <Announcements label="Rides" pollMs={40} />
      <button type="button">Elsewhere</button>
    </>,
    { user: staff },
  );
  await waitFor(() => expect(polls(fetchMock).length).toBeGreaterThan(1));
  state.rides = [RIDE_8];
  expect(await screen.findByText('1 new ride request')).toBeInTheDocument();
  expect(document.title).toBe('(1) Rides');
  await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
  await waitFor(() => expect(document.title).toBe('Corner Shop'));
  expect(screen.queryByText('1 new ride request')).not.toBeInTheDocument();
  // Counting starts again after what was seen.
  await waitFor(() => expect(polls(fetchMock).some(([url]) => url.includes('afterRide=8'))).toBe(true));
});

test('the news comes back by itself after the connection drops', async () => {
  const state = { orders: [], rides: [] };
  const fetchMock = newsServer(state);
  renderWithProviders(<Announcements label="Orders" pollMs={40} />, { user: staff });
  await waitFor(() => expect(polls(fetchMock).length).toBeGreaterThan(1));
  state.down = true;
  const before = polls(fetchMock).length;
  await waitFor(() => expect(polls(fetchMock).length).toBeGreaterThan(before + 2));
  state.down = false;
  state.orders = [ORDER_13];
  expect(await screen.findByText('1 new order')).toBeInTheDocument();
});

test('notifications: asked for with the button, then shown for each new order', async () => {
  const shown = [];
  const Notification = jest.fn((title, options) => shown.push({ title, ...options }));
  Notification.permission = 'default';
  Notification.requestPermission = jest.fn(async () => {
    Notification.permission = 'granted';
    return 'granted';
  });
  window.Notification = Notification;
  const state = { orders: [], rides: [] };
  const fetchMock = newsServer(state);
  const { user } = renderWithProviders(<Announcements label="Orders" pollMs={40} />, { user: staff });
  await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
  expect(Notification.requestPermission).toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Allow notifications' })).not.toBeInTheDocument();
  await waitFor(() => expect(polls(fetchMock).length).toBeGreaterThan(1));
  await act(async () => {
    state.orders = [ORDER_13];
  });
  await waitFor(() => expect(shown).toHaveLength(1));
  expect(shown[0]).toEqual({ title: 'New order #13', body: 'Cy · Store Pickup · $12.50', tag: 'order-13' });
});
