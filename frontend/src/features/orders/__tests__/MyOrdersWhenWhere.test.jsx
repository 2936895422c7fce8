import { screen, within } from '@testing-library/react';
import { unitPrice, useCart } from '../../../lib/cart';
import { mockFetch } from '../../../test/fetch';
import SHOP_INFO from '../../../test/fixtures/shopInfo.json';
import { renderWithProviders } from '../../../test/render';
import { OrdersPage } from '..';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };

const line = (productId, productTypeId, productName, productTypeName, quantity, price) => ({
  productId,
  productTypeId,
  productName,
  productTypeName,
  quantity,
  price,
  subtotal: price * quantity,
});

// A local delivery booked for Thursday Nov 26, 2026 at 11:00, placed Tuesday and delivered by
// an admin (the answer never says who: only `byShop`).
const DELIVERY = {
  id: 51,
  customerName: 'Ada',
  createdAt: '2026-11-24T18:04:05Z',
  status: 'completed',
  deliveryOption: 'delivery',
  deliveryAddress: '12 Main St, Garden Grove, CA',
  deliveryZip: '92840',
  deliveryDate: '2026-11-26',
  deliveryTime: '11:00',
  deliveryAt: '2026-11-26T11:00:00-08:00',
  idCheckRequired: true,
  idNotice: 'ID will be checked at delivery (21+)',
  deliveryFee: 0,
  subtotal: 25.5,
  total: 25.5,
  items: [line(1, 3, 'Vape', 'Mint', 2, 12.75)],
  events: [
    { fromStatus: '', toStatus: 'pending', at: '2026-11-24T18:04:05Z', note: '', byShop: false },
    { fromStatus: 'pending', toStatus: 'completed', at: '2026-11-26T19:20:00Z', note: '', byShop: true },
  ],
};

const EXPIRED_PICKUP = {
  ...DELIVERY,
  id: 52,
  status: 'cancelled',
  deliveryOption: 'pickup',
  deliveryAddress: '',
  deliveryZip: '',
  deliveryDate: null,
  deliveryTime: '',
  deliveryAt: null,
  idCheckRequired: false,
  idNotice: null,
  events: [
    { fromStatus: '', toStatus: 'pending', at: '2026-11-20T17:00:00Z', note: '', reason: '', byShop: false },
    {
      fromStatus: 'pending',
      toStatus: 'cancelled',
      at: '2026-11-22T17:05:00Z',
      note: 'Hold expired. Customer email queued: Order #52 was cancelled',
      reason: 'Hold expired.',
      byShop: false,
    },
  ],
};

const page = (orders) => ({
  status: 200,
  body: { orders, pagination: { page: 1, limit: 6, totalItems: orders.length, totalPages: 1, hasNextPage: false } },
});

async function cardOf(id) {
  return (await screen.findByRole('heading', { name: `Order #${id}` })).closest('article');
}

test('a booked delivery: its date and time as the confirmation writes it, address, ZIP, ID notice', async () => {
  mockFetch({ 'GET /api/orders': page([DELIVERY]) });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = await cardOf(51);

  expect(await within(card).findByText('Local Delivery')).toBeInTheDocument();
  expect(within(card).getByText('Booked for')).toBeInTheDocument();
  expect(within(card).getByText('Thu, Nov 26, 2026 at 11:00 AM')).toBeInTheDocument();
  expect(within(card).getByText('Delivery address').nextSibling).toHaveTextContent('12 Main St, Garden Grove, CA');
  expect(within(card).getByText('ZIP').nextSibling).toHaveTextContent('92840');
  expect(within(card).getByTestId('id-notice')).toHaveTextContent('ID will be checked at delivery (21+)');
});

test('the history: placed and completed by the shop, with when, and never who', async () => {
  mockFetch({ 'GET /api/orders': page([DELIVERY]) });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = await cardOf(51);
  await within(card).findByText('Local Delivery'); // the served status labels have arrived

  const history = within(card).getByRole('region', { name: 'History' });
  const steps = within(history).getAllByRole('listitem');
  expect(steps.map((step) => step.textContent)).toEqual([
    'Placed Tue, Nov 24, 2026 at 10:04 AM',
    'Completed by the shop Thu, Nov 26, 2026 at 11:20 AM',
  ]);
});

test('a hold that ran out: the note says so, no "by the shop", no booked time or address', async () => {
  mockFetch({ 'GET /api/orders': page([EXPIRED_PICKUP]) });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = await cardOf(52);

  expect(await within(card).findByText('Store Pickup')).toBeInTheDocument();
  const history = within(card).getByRole('region', { name: 'History' });
  const [, cancelled] = within(history).getAllByRole('listitem');
  expect(cancelled).toHaveTextContent(/^Cancelled Sun, Nov 22, 2026 at 9:05 AM/);
  expect(cancelled).toHaveTextContent('Hold expired.');
  // The back office's part of the note is not the customer's business.
  expect(cancelled).not.toHaveTextContent('Customer email queued');
  expect(cancelled).not.toHaveTextContent('by the shop');
  expect(within(card).queryByText('Booked for')).not.toBeInTheDocument();
  expect(within(card).queryByText('Delivery address')).not.toBeInTheDocument();
  expect(within(card).queryByTestId('id-notice')).not.toBeInTheDocument();
});

// --- Buy again ------------------------------------------------------------------------------------

// The catalog today. Prices moved since the order; some products are gone or cannot be bought.
const product = (id, fields) => ({ id, name: `P${id}`, price: '10.00', availability: true, quantity: 50, types: [], ...fields });
const TODAY = {
  1: product(1, {
    name: 'Vape',
    types: [{ id: 3, name: 'Mint', price: '14.00', quantity: 5, availability: true }],
  }),
  2: product(2, { name: 'Coil', price: '4.00', quantity: 50 }),
  4: product(4, { name: 'Pods', price: '9.50', quantity: 3 }),
  6: product(6, { name: 'Lighter', availability: false }),
  7: product(7, { name: 'Sticker', price: null }),
};

const OLD_ORDER = {
  ...DELIVERY,
  id: 60,
  items: [
    line(1, 3, 'Vape', 'Mint', 2, 12.75),
    line(2, null, 'Coil', null, 12, 3),
    line(4, null, 'Pods', null, 5, 9),
    line(null, null, 'Old Coil', null, 1, 3),
    line(5, null, 'Gum', null, 1, 2),
    line(6, null, 'Lighter', null, 1, 2),
    line(1, 9, 'Vape', 'Berry', 1, 12.75),
    line(7, null, 'Sticker', null, 1, 1),
  ],
};

function productHandlers() {
  const handlers = {};
  [1, 2, 4, 5, 6, 7].forEach((id) => {
    handlers[`GET /api/products/${id}`] = TODAY[id]
      ? { status: 200, body: TODAY[id] }
      : { status: 404, body: { message: 'Product not found' } };
  });
  return handlers;
}

// The cart as the drawer would price it: today's unit price of the product the cart holds.
function CartProbe() {
  const { items } = useCart();
  return (
    <ul aria-label="Cart">
      {items.map((item) => (
        <li key={item.cartKey}>{`${item.cartKey} ${item.quantity} @ ${unitPrice(item.product, item.selectedType)}`}</li>
      ))}
    </ul>
  );
}

function renderOrders(orders, extra = {}) {
  const fetchMock = mockFetch({ 'GET /api/orders': page(orders), ...productHandlers(), ...extra });
  const view = renderWithProviders(
    <>
      <OrdersPage />
      <CartProbe />
    </>,
    { user: CUSTOMER, route: '/orders' },
  );
  return { ...view, fetchMock };
}

const cartLines = () =>
  within(screen.getByRole('list', { name: 'Cart' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

test('Buy again adds what can be bought at today’s price, capped, and names what it skipped', async () => {
  const { user, fetchMock } = renderOrders([OLD_ORDER]);
  const card = await cardOf(60);
  await screen.findByText('Local Delivery'); // the shop's rules (maxUnitsPerLine) have arrived

  await user.click(within(card).getByRole('button', { name: 'Buy again' }));

  const note = await within(card).findByRole('status');
  expect(note).toHaveTextContent(
    "Added to your cart at today's prices: 2 × Vape - Mint, 10 × Coil (10 of 12: at most 10 per order), 3 × Pods (3 of 5: only 3 in stock).",
  );
  expect(note).toHaveTextContent(
    'Not added: Old Coil (no longer sold), Gum (no longer sold), Lighter (unavailable), Vape - Berry (no longer sold), Sticker (no price today).',
  );
  expect(cartLines()).toEqual(['1_3 2 @ 14', '2 10 @ 4', '4 3 @ 9.5']);
  // Each product read once, fresh from the catalog.
  const reads = fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost').pathname)
    .filter((p) => p.startsWith('/api/products/'));
  expect(reads.sort()).toEqual([
    '/api/products/1',
    '/api/products/2',
    '/api/products/4',
    '/api/products/5',
    '/api/products/6',
    '/api/products/7',
  ]);
});

test('Buy again counts what the cart already holds against stock and the per-order limit', async () => {
  const order = { ...OLD_ORDER, id: 61, items: [line(1, 3, 'Vape', 'Mint', 4, 12.75), line(2, null, 'Coil', null, 5, 3)] };
  const { user } = renderOrders([order], { 'GET /api/shop/info': { status: 200, body: { ...SHOP_INFO, maxUnitsPerLine: 12 } } });
  const card = await cardOf(61);
  await screen.findByText('Local Delivery');
  const buyAgain = async () => {
    await user.click(within(card).getByRole('button', { name: 'Buy again' }));
    return (await within(card).findByRole('status')).textContent;
  };

  expect(await buyAgain()).toBe("Added to your cart at today's prices: 4 × Vape - Mint, 5 × Coil.View cart");
  expect(await buyAgain()).toBe("Added to your cart at today's prices: 1 × Vape - Mint (1 of 4: only 5 in stock), 5 × Coil.View cart");
  expect(await buyAgain()).toBe(
    "Added to your cart at today's prices: 2 × Coil (2 of 5: at most 12 per order)." +
      'Not added: Vape - Mint (your cart already holds as many as you can order).View cart',
  );
  expect(await buyAgain()).toBe(
    'Nothing from this order could go back in your cart.' +
      'Not added: Vape - Mint (your cart already holds as many as you can order), ' +
      'Coil (your cart already holds as many as you can order).',
  );
  expect(cartLines()).toEqual(['1_3 5 @ 14', '2 12 @ 4']);
});

test("a failed read of today's products adds nothing to the cart and says why", async () => {
  const gone = { ...OLD_ORDER, id: 62, items: [line(6, null, 'Lighter', null, 1, 2)] };
  const { user } = renderOrders([gone], { 'GET /api/products/6': { status: 500, body: {} } });
  const card = await cardOf(62);

  await user.click(within(card).getByRole('button', { name: 'Buy again' }));
  expect(await screen.findByText("Could not check today's prices. Please try again.")).toBeInTheDocument();
  expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  expect(cartLines()).toEqual([]);
});

test('an order whose products were all deleted offers no Buy again', async () => {
  const deleted = { ...OLD_ORDER, id: 63, items: [line(null, null, 'Old Coil', null, 1, 3)] };
  renderOrders([deleted]);
  const card = await cardOf(63);
  expect(within(card).queryByRole('button', { name: 'Buy again' })).not.toBeInTheDocument();
});
