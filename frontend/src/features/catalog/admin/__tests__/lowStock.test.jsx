import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { mockFetch } from '../../../../test/fetch';
import SHOP_INFO from '../../../../test/fixtures/shopInfo.json';
import { renderWithProviders } from '../../../../test/render';
import { HomePage } from '../..';
import { ProductPage } from '../../components/ProductPage';
import { stockLevel, stockMarkText } from '../stockLevel';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const product = (id, extra = {}) => ({
  id,
  name: `Product ${id}`,
  price: 10,
  availability: true,
  quantity: 50,
  categoryId: 'juices',
  images: [],
  thumbnails: [],
  types: [],
  ...extra,
});

const PRODUCTS = [
  product(1, { quantity: 2 }),
  product(2, { quantity: 0 }),
  product(3, { quantity: 4 }),
  product(4, {
    quantity: 0,
    types: [
      { id: 41, name: 'Mint', quantity: 0 },
      { id: 42, name: 'Berry', quantity: 9 },
    ],
  }),
  product(5, {
    types: [
      { id: 51, name: 'Mint', quantity: 0 },
      { id: 52, name: 'Berry', quantity: 0 },
    ],
  }),
  product(6, { quantity: 3 }),
];

const SERVER = {
  'GET /api/shop/info': { status: 200, body: { ...SHOP_INFO, lowStockThreshold: 3 } },
  'GET /api/hero/images': { status: 200, body: [] },
};

const list = (products) => ({
  status: 200,
  body: { products, pagination: { page: 1, limit: 12, totalItems: products.length, totalPages: 1, hasNextPage: false } },
});

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

const card = (name) => screen.getByText(name).closest('li');

test('the admin grid marks low (at or under the shop threshold) and sold-out products', async () => {
  mockFetch({ ...SERVER, 'GET /api/products': list(PRODUCTS) });
  renderWithProviders(<HomePage />, { user: ADMIN });

  expect(
    await within(await screen.findByText('Product 1').then((n) => n.closest('li'))).findByText('Low stock: 2 left'),
  ).toBeInTheDocument();
  expect(within(card('Product 2')).getByText('Sold out')).toBeInTheDocument();
  expect(within(card('Product 3')).queryByText(/Low stock|Sold out/)).not.toBeInTheDocument();
  expect(within(card('Product 4')).getByText('Low stock: Mint 0 left')).toBeInTheDocument();
  expect(within(card('Product 5')).getByText('Sold out')).toBeInTheDocument();
  expect(within(card('Product 6')).getByText('Low stock: 3 left')).toBeInTheDocument();
});

test('shoppers see no stock marks, and a stock filter in their URL is never sent', async () => {
  const fetchMock = mockFetch({ ...SERVER, 'GET /api/products': list(PRODUCTS) });
  renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?stock=low' });
  await screen.findByText('Product 1');
  expect(screen.queryByText(/Low stock|Sold out/)).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Stock')).not.toBeInTheDocument();
  const calls = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/products'));
  expect(calls).toEqual(['/api/products?page=1&limit=12']);
});

test('the admin filters the grid to low or sold-out products through the URL', async () => {
  const fetchMock = mockFetch({
    ...SERVER,
    'GET /api/products': (url) => {
      const stock = new URL(url, 'http://localhost').searchParams.get('stock');
      if (stock === 'low') return list([PRODUCTS[0], PRODUCTS[3], PRODUCTS[5]]);
      if (stock === 'out') return list([]);
      return list(PRODUCTS);
    },
  });
  const { user } = renderWithProviders(
    <>
      <HomePage />
      <Where />
    </>,
    { user: ADMIN },
  );
  await screen.findByText('Product 2');
  await user.selectOptions(await screen.findByLabelText('Stock'), 'low');
  expect(screen.getByTestId('where')).toHaveTextContent('?stock=low');
  await waitFor(() => expect(screen.queryByText('Product 2')).not.toBeInTheDocument());
  expect(screen.getByText('Product 4')).toBeInTheDocument();
  expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/products?page=1&limit=12&stock=low');

  await user.selectOptions(screen.getByLabelText('Stock'), 'out');
  expect(await screen.findByText('No product is sold out.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show all stock' }));
  expect(screen.getByTestId('where')).toHaveTextContent('');
  expect(await screen.findByText('Product 2')).toBeInTheDocument();
});

test('the product page marks a low product for the admin only', async () => {
  mockFetch({ ...SERVER, 'GET /api/products/4': { status: 200, body: PRODUCTS[3] } });
  renderWithProviders(<ProductPage />, { user: ADMIN, route: '/product/4', path: '/product/:productId' });
  expect(await screen.findByText('Low stock: Mint 0 left')).toBeInTheDocument();
});

test('the product page shows no stock mark to shoppers', async () => {
  mockFetch({ ...SERVER, 'GET /api/products/2': { status: 200, body: PRODUCTS[1] } });
  renderWithProviders(<ProductPage />, { user: CUSTOMER, route: '/product/2', path: '/product/:productId' });
  expect(await screen.findByRole('heading', { name: 'Product 2' })).toBeInTheDocument();
  expect(screen.queryByText('Sold out')).not.toBeInTheDocument();
});

test('stockLevel follows the server rule: types decide, low never includes sold out, no threshold no mark', () => {
  expect(stockLevel(product(1, { quantity: 3 }), 3).level).toBe('low');
  expect(stockLevel(product(1, { quantity: 4 }), 3)).toBeNull();
  expect(stockLevel(product(1, { quantity: 0 }), 3).level).toBe('out');
  expect(stockLevel(product(1, { quantity: 1 }), undefined)).toBeNull();
  // A product's own quantity means nothing once it has types.
  expect(stockLevel(product(1, { quantity: 0, types: [{ name: 'A', quantity: 8 }] }), 3)).toBeNull();
  expect(
    stockMarkText(
      stockLevel(
        product(1, {
          types: [
            { name: 'A', quantity: 1 },
            { name: 'B', quantity: 2 },
          ],
        }),
        3,
      ),
    ),
  ).toBe('Low stock: A 1, B 2 left');
  expect(stockMarkText(stockLevel(product(1, { types: [{ name: 'A', quantity: 0 }] }), 0))).toBe('Sold out');
});

test('a type made unavailable on purpose raises no "Low stock: 0 left"', () => {
  const retired = product(1, {
    types: [
      { name: 'Mint', quantity: 9, availability: true },
      { name: 'Retired', quantity: 0, availability: false },
    ],
  });
  expect(stockLevel(retired, 3)).toBeNull();
});
