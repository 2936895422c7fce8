import { screen, within } from '@testing-library/react';
import SHOP from '../../../../test/fixtures/shopInfo.json';
import { mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import AdminOrderCard from '../AdminOrderCard';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const ORDER = {
  id: 9,
  userId: 5,
  userEmail: 'b@example.com',
  customerName: 'Buyer',
  createdAt: '2026-11-22T18:04:05Z',
  status: 'pending',
  deliveryOption: 'delivery',
  deliveryAddress: '1 Main St',
  phoneNumber: '(714) 555-0100',
  deliveryDate: '2026-11-25',
  deliveryTime: '14:00',
  deliveryZip: '92840',
  specialInstructions: '',
  subtotal: 40,
  deliveryFee: 0,
  total: 40,
  items: [{ productId: 3, productTypeId: null, productName: 'Cloud Vape', productTypeName: null, quantity: 2, price: 20, subtotal: 40 }],
};

function renderCard(order) {
  mockFetch();
  renderWithProviders(<AdminOrderCard order={order} onComplete={() => {}} onCancel={() => {}} busy={false} />, { user: admin });
  return screen.getByRole('article', { name: `Order #${order.id}` });
}

test("the admin's order card carries the server's ID notice of a 21+ order", () => {
  const card = renderCard({ ...ORDER, idCheckRequired: true, idNotice: SHOP.idNotices.delivery });
  expect(within(card).getByTestId('id-notice').textContent).toBe(SHOP.idNotices.delivery);
});

test('no notice on an order without an ID check', () => {
  const card = renderCard({ ...ORDER, idCheckRequired: false, idNotice: null });
  expect(within(card).queryByTestId('id-notice')).not.toBeInTheDocument();
  expect(screen.queryByText(/\(21\+\)/)).not.toBeInTheDocument();
});
