// What an open order's customer is left wondering (issue 42, item 11): how and when to pay, the
// pickup instructions and that a confirmation was emailed, on the confirmation and on My Orders,
// in the server's words (GET /api/shop/info: each option's `payment`, `pickupInstructions`).
import { screen, within } from '@testing-library/react';
import SERVER_SHOP_INFO from '../../../test/fixtures/shopInfo.json';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { OrderConfirmationPage, OrdersPage } from '..';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };
const INSTRUCTIONS = 'Text us when you leave; we bring the order to your car.';
const SHOP = { ...SERVER_SHOP_INFO, pickupInstructions: INSTRUCTIONS };
const PAY_AT_PICKUP = SHOP.deliveryOptions.find((option) => option.id === 'pickup').payment;
const PAY_ON_DELIVERY = SHOP.deliveryOptions.find((option) => option.id === 'delivery').payment;

const order = (fields) => ({
  id: 61,
  customerName: 'Ada',
  userEmail: 'ada@example.com',
  createdAt: '2026-11-29T16:00:00Z',
  status: 'pending',
  deliveryOption: 'pickup',
  subtotal: 10,
  deliveryFee: 0,
  total: 10,
  items: [{ productId: 3, productTypeId: null, productName: 'Mango Juice', productTypeName: null, quantity: 1, price: 10, subtotal: 10 }],
  events: [],
  ...fields,
});

const page = (orders) => ({
  status: 200,
  body: { orders, pagination: { page: 1, limit: 6, totalItems: orders.length, totalPages: 1, hasNextPage: false } },
});

afterEach(() => sessionStorage.clear());

test('the confirmation says how and when to pay, the pickup instructions and the email sent', async () => {
  mockFetch({ 'GET /api/shop/info': { status: 200, body: SHOP } });
  sessionStorage.setItem('lastOrder', JSON.stringify(order({})));
  renderWithProviders(<OrderConfirmationPage />, { user: CUSTOMER, route: '/order-confirmation' });

  expect(await screen.findByText(PAY_AT_PICKUP)).toBeInTheDocument();
  expect(screen.getByText(INSTRUCTIONS)).toBeInTheDocument();
  expect(screen.getByText('A confirmation was emailed to ada@example.com.')).toBeInTheDocument();
});

test('My Orders says it for open orders, and not for a finished one', async () => {
  mockFetch({
    'GET /api/shop/info': { status: 200, body: SHOP },
    'GET /api/orders': page([
      order({ id: 62, deliveryOption: 'delivery', deliveryAddress: '1 Main St' }),
      order({ id: 61 }),
      order({ id: 60, status: 'completed' }),
    ]),
  });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER });
  const card = async (id) => (await screen.findByRole('heading', { name: `Order #${id}` })).closest('article');

  const delivery = await card(62);
  expect(await within(delivery).findByText(PAY_ON_DELIVERY)).toBeInTheDocument();
  expect(within(delivery).queryByText(INSTRUCTIONS)).not.toBeInTheDocument();
  const pickup = await card(61);
  expect(within(pickup).getByText(PAY_AT_PICKUP)).toBeInTheDocument();
  expect(within(pickup).getByText(INSTRUCTIONS)).toBeInTheDocument();
  const done = await card(60);
  expect(within(done).queryByText(PAY_AT_PICKUP)).not.toBeInTheDocument();
});
