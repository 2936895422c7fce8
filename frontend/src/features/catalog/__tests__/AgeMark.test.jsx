import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from '../components/ProductCard';
import { ProductPage } from '../components/ProductPage';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const base = { price: 20, availability: true, quantity: 4, images: [], thumbnails: [], types: [], description: '' };
// Flags as every product answer carries them (from the product's category).
const vape = { ...base, id: 42, name: 'Cloud Vape', categoryId: 'disposables', ageRestricted: true, shippable: false };
const balloons = { ...base, id: 43, name: 'Balloons', categoryId: 'party-supplies', ageRestricted: false, shippable: true };

function renderCard(product) {
  mockFetch();
  renderWithProviders(
    <ul>
      <ProductCard product={product} />
    </ul>,
    { user: CUSTOMER },
  );
  return screen.getByRole('listitem');
}

test('a restricted product card carries the 21+ mark', () => {
  const card = renderCard(vape);
  expect(within(card).getByText('21+')).toHaveAttribute('title', 'Sold to adults 21 and older only');
});

test('an unrestricted product card has none', () => {
  expect(within(renderCard(balloons)).queryByText('21+')).not.toBeInTheDocument();
});

test.each([
  ['a restricted product', vape, 1],
  ['an unrestricted product', balloons, 0],
])('the product page of %s shows the mark %i time(s)', async (_, product, count) => {
  mockFetch({ [`GET /api/products/${product.id}`]: { status: 200, body: product } });
  renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
    </Routes>,
    { route: `/product/${product.id}`, user: CUSTOMER },
  );
  await screen.findByRole('heading', { level: 1, name: product.name });
  expect(screen.queryAllByText('21+')).toHaveLength(count);
});
