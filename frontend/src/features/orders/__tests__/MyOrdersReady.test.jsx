import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { OrdersPage } from '..';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };
const PICKUP = {
  id: 52,
  customerName: 'Ada',
  createdAt: '2026-11-29T16:00:00Z',
  status: 'pending',
  deliveryOption: 'pickup',
  readyAt: '2026-11-29T16:40:00Z',
  subtotal: 10,
  deliveryFee: 0,
  total: 10,
  items: [{ productId: 3, productTypeId: null, productName: 'Mango Juice', productTypeName: null, quantity: 1, price: 10, subtotal: 10 }],
  events: [],
};

test('My Orders says when a pickup order was made ready', async () => {
  mockFetch({
    'GET /api/orders': {
      status: 200,
      body: { orders: [PICKUP], pagination: { page: 1, limit: 6, totalItems: 1, totalPages: 1, hasNextPage: false } },
    },
  });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER });
  const card = (await screen.findByRole('heading', { name: 'Order #52' })).closest('article');
  const term = within(card).getByText('Ready for pickup');
  expect(term.nextElementSibling).toHaveTextContent('Sun, Nov 29, 2026 at 8:40 AM');
});
