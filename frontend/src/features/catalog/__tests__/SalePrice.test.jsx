// A product or type on sale (`compareAtPrice` set by the server) shows that price struck through
// beside the price charged, with a Sale badge, on its card and its page.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from '../components/ProductCard';
import { ProductPage } from '../components/ProductPage';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const juice = {
  id: 7,
  name: 'Mango Juice',
  price: 18,
  compareAtPrice: 24,
  availability: true,
  quantity: 4,
  categoryId: 'juices',
  images: [],
  thumbnails: [],
  types: [],
};

test('the card shows the compare-at price struck through and a Sale badge', () => {
  mockFetch();
  renderWithProviders(
    <ul>
      <ProductCard product={juice} />
    </ul>,
  );
  expect(screen.getByText('Sale')).toBeInTheDocument();
  expect(screen.getByText('$24.00').tagName).toBe('S');
  expect(screen.getByText('$18.00')).toBeInTheDocument();
});

test('a product not on sale (null) has no badge and no struck price', () => {
  mockFetch();
  renderWithProviders(
    <ul>
      <ProductCard product={{ ...juice, compareAtPrice: null }} />
    </ul>,
  );
  expect(screen.queryByText('Sale')).not.toBeInTheDocument();
  expect(screen.getByText('$18.00')).toBeInTheDocument();
});

test("the page shows the chosen type's sale; a type with its own price and none is not on sale", async () => {
  const vape = {
    ...juice,
    id: 9,
    name: 'Cloud Vape',
    types: [
      { id: 1, name: 'Mint', price: 20, compareAtPrice: 25, availability: true, quantity: 3 },
      { id: 2, name: 'Ice', price: 22, compareAtPrice: null, availability: true, quantity: 3 },
    ],
  };
  mockFetch({ 'GET /api/products/9': { status: 200, body: vape } });
  const { user } = renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
    </Routes>,
    { route: '/product/9', user: CUSTOMER },
  );
  await screen.findByRole('heading', { name: 'Cloud Vape' });
  const price = document.querySelector('.product__price');
  expect(within(price).getByText('Sale')).toBeInTheDocument();
  expect(within(price).getByText('$25.00').tagName).toBe('S');
  await user.click(screen.getByRole('button', { name: /Ice/ }));
  expect(within(document.querySelector('.product__price')).queryByText('Sale')).not.toBeInTheDocument();
});
