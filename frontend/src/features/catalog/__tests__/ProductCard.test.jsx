import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from '../components/ProductCard';

const product = (extra = {}) => ({
  id: 3,
  name: 'Card Item',
  price: '4.50',
  availability: true,
  quantity: 5,
  categoryId: 'juices',
  images: ['/media/products/c.webp'],
  thumbnails: ['/media/products/c-thumb.webp'],
  types: [],
  ...extra,
});

test('the card shows the availability rule and picks the thumbnail for its slot', () => {
  const { container } = renderWithProviders(
    <ul>
      <ProductCard product={product()} />
    </ul>,
  );
  expect(screen.getByText('Available')).toHaveClass('is-available');
  const img = container.querySelector('img');
  expect(img).toHaveAttribute('src', '/media/products/c-thumb.webp');
  expect(img).toHaveAttribute('srcset', '/media/products/c-thumb.webp 400w, /media/products/c.webp 1600w');
  expect(img.getAttribute('sizes')).toMatch(/300px/);
});

test('a product flagged available with no usable type is Unavailable on its card', () => {
  renderWithProviders(
    <ul>
      <ProductCard product={product({ types: [{ id: 1, name: 'Mint', availability: false, quantity: 4, price: null }] })} />
    </ul>,
  );
  expect(screen.getByText('Unavailable')).toHaveClass('is-unavailable');
});
