// The compliance rules on the shop front: the product page and the cards ask
// GET /api/compliance/check at the cart's place (pickup until chosen) and say why an item
// cannot be bought there, in the server's words; Add to Cart is disabled for it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from '..';
import { ProductPage } from '../components/ProductPage';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const FLAVOURED = 'Flavoured e-liquids cannot be sold in California (SB 793).';

const product = (id, extra = {}) => ({
  id,
  name: `Juice ${id}`,
  price: 20,
  availability: true,
  quantity: 5,
  categoryId: 'juices',
  images: [],
  thumbnails: [],
  types: [],
  ...extra,
});

const checkCalls = (fetchMock) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/compliance/check'));

function renderProduct(item, check, place = null) {
  if (place) localStorage.setItem('cartPlace', JSON.stringify(place));
  const fetchMock = mockFetch({
    [`GET /api/products/${item.id}`]: { status: 200, body: item },
    'GET /api/compliance/check': { status: 200, body: check },
  });
  renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
    </Routes>,
    { route: `/product/${item.id}`, user: CUSTOMER },
  );
  return fetchMock;
}

test('a blocked product says why on its page and Add to Cart is disabled', async () => {
  const fetchMock = renderProduct(product(5), { blocked: [{ productId: 5, productTypeId: null, message: FLAVOURED }], notices: [] });
  expect(await screen.findByTestId('not-for-sale-here')).toHaveTextContent(FLAVOURED);
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription(FLAVOURED);
  // No place chosen yet: the server answers for pickup.
  expect(checkCalls(fetchMock)).toEqual(['/api/compliance/check?productIds=5']);
});

test("the check asks for the cart's chosen place, and a product let through can be added with its notices shown", async () => {
  const fetchMock = renderProduct(
    product(6),
    { blocked: [], notices: [{ productId: 6, productTypeId: null, message: 'Bring a photo ID (21+).' }] },
    { deliveryOption: 'delivery', deliveryZip: '92840', shippingState: '' },
  );
  expect(await screen.findByText('Bring a photo ID (21+).')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(screen.queryByTestId('not-for-sale-here')).not.toBeInTheDocument();
  expect(checkCalls(fetchMock)).toEqual(['/api/compliance/check?productIds=6&deliveryOption=delivery&deliveryZip=92840']);
});

test('a blocked type disables Add to Cart while it is chosen', async () => {
  const typed = product(8, {
    types: [
      { id: 81, name: 'Mango', price: 20, availability: true, quantity: 3 },
      { id: 82, name: 'Tobacco', price: 20, availability: true, quantity: 3 },
    ],
  });
  renderProduct(typed, { blocked: [{ productId: 8, productTypeId: 81, message: FLAVOURED }], notices: [] });
  const user = userEvent.setup();
  expect(await screen.findByTestId('not-for-sale-here')).toHaveTextContent(FLAVOURED);
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: /Tobacco/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled());
  expect(screen.queryByTestId('not-for-sale-here')).not.toBeInTheDocument();
});

test('a card says why a product cannot be bought where the cart goes; the others say nothing', async () => {
  mockFetch({
    'GET /api/hero/images': { status: 200, body: [] },
    'GET /api/products': {
      status: 200,
      body: { products: [product(1), product(2)], pagination: { page: 1, hasNextPage: false } },
    },
    'GET /api/compliance/check': {
      status: 200,
      body: { blocked: [{ productId: 2, productTypeId: null, message: 'Kratom is not for sale.' }], notices: [] },
    },
  });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  const marks = await screen.findAllByTestId('not-for-sale-here');
  expect(marks).toHaveLength(1);
  expect(marks[0].closest('li')).toHaveTextContent('Juice 2');
  expect(marks[0]).toHaveTextContent('Kratom is not for sale.');
});
