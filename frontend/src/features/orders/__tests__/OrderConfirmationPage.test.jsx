import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import SERVER_SHOP_INFO from '../../../test/fixtures/shopInfo.json';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { OrderConfirmationPage } from '..';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };
const SHOP = {
  ...SERVER_SHOP_INFO,
  name: 'Corner Shop',
  pickupLocation: 'Corner of Elm St & Oak Ave',
  pickupPhone: '(714) 555-0199',
  deliveryArea: 'Orange County',
};

const ORDER = {
  id: 42,
  customerName: 'Ada Buyer',
  status: 'pending',
  deliveryOption: 'pickup',
  deliveryFee: 0,
  total: 25.5,
  items: [{ productId: 1, productTypeId: 3, productName: 'Vape', productTypeName: 'Mint', quantity: 2, price: 12.75, subtotal: 25.5 }],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(order) {
  mockFetch({ 'GET /api/shop/info': { status: 200, body: SHOP } });
  if (order) sessionStorage.setItem('lastOrder', JSON.stringify(order));
  return renderWithProviders(
    <>
      <OrderConfirmationPage />
      <Where />
    </>,
    { user: CUSTOMER, route: '/order-confirmation' },
  );
}

afterEach(() => sessionStorage.clear());

test('pickup: 30 minutes at the shop corner, text instructions, no fee line', async () => {
  renderPage(ORDER);
  expect(screen.getByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument();
  expect(screen.getByText('#42')).toBeInTheDocument();
  expect(await screen.findByText('Corner of Elm St & Oak Ave')).toBeInTheDocument();
  expect(screen.getByText(/ready for pickup in 30 minutes/)).toBeInTheDocument();
  expect(screen.getByText('(714) 555-0199')).toBeInTheDocument();
  expect(screen.getByText(/with your full name, phone number and ETA range, then call when you arrive/)).toBeInTheDocument();
  expect(screen.queryByText('Delivery Fee')).not.toBeInTheDocument();
  expect(screen.getAllByText('$25.50').length).toBeGreaterThanOrEqual(2);
});

test('local delivery: the delivery area, we will contact you; subtotal = total - fee', async () => {
  renderPage({ ...ORDER, deliveryOption: 'delivery', deliveryFee: 20, total: 45.5, deliveryAddress: '1 Main St' });
  expect(await screen.findByText(/delivered locally in Orange County/)).toBeInTheDocument();
  expect(screen.getByText(/We will contact you/)).toBeInTheDocument();
  expect(screen.getByText('Delivery Fee').nextSibling).toHaveTextContent('$20.00');
  expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('$25.50');
  expect(screen.getByText('Total').nextSibling).toHaveTextContent('$45.50');
});

test('shipping: 3-5 business days', async () => {
  renderPage({ ...ORDER, deliveryOption: 'shipping', deliveryFee: 8, total: 33.5 });
  expect(screen.getByText(/arrive in 3-5 business days/)).toBeInTheDocument();
  expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('$25.50');
});

test('without order data: No Order Found and Return to Products', async () => {
  const { user } = renderPage(null);
  expect(screen.getByRole('heading', { name: 'No Order Found' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Return to Products' }));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
});

test('unreadable stored data counts as no order', () => {
  mockFetch({ 'GET /api/shop/info': { status: 200, body: SHOP } });
  sessionStorage.setItem('lastOrder', '{nope');
  renderWithProviders(<OrderConfirmationPage />, { user: CUSTOMER, route: '/order-confirmation' });
  expect(screen.getByText('No Order Found')).toBeInTheDocument();
});

test('the delivery day and time read as words, not raw values', async () => {
  renderPage({
    ...ORDER,
    deliveryOption: 'delivery',
    deliveryFee: 20,
    total: 45.5,
    deliveryAddress: '1 Main St',
    deliveryDate: '2030-01-01',
    deliveryTime: '14:30',
  });
  expect(await screen.findByText(/delivered locally in Orange County on Tue, Jan 1, 2030 at 2:30 PM\./)).toBeInTheDocument();
  expect(screen.queryByText(/2030-01-01|14:30/)).not.toBeInTheDocument();
});

test("a 21+ order shows the server's ID notice; the page keeps no copy of the sentence", async () => {
  // Any sentence the server sends is shown as sent.
  renderPage({ ...ORDER, idCheckRequired: true, idNotice: 'Show your ID at the counter (test wording)' });
  expect(screen.getByTestId('id-notice').textContent).toBe('Show your ID at the counter (test wording)');
});

test.each([
  ['pickup', SERVER_SHOP_INFO.idNotices.pickup],
  ['delivery', SERVER_SHOP_INFO.idNotices.delivery],
])('%s: the notice the server answered with the order', async (option, notice) => {
  renderPage({ ...ORDER, deliveryOption: option, idCheckRequired: true, idNotice: notice });
  expect(screen.getByTestId('id-notice').textContent).toBe(notice);
});

test('an order without an ID check has no notice', () => {
  renderPage({ ...ORDER, idCheckRequired: false, idNotice: null });
  expect(screen.queryByTestId('id-notice')).not.toBeInTheDocument();
});
