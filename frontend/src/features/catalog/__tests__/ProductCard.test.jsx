import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from '../components/ProductCard';
import { CARD_SIZES } from '../imageSources';

const product = (extra = {}) => ({
  id: 3,
  name: 'Card Item',
  price: '4.50',
  availability: true,
  quantity: 5,
  categoryId: 'juices',
  images: ['/media/products/c.webp'],
  thumbnails: ['/media/products/c-thumb.webp'],
  imageWidths: [1200],
  thumbnailWidths: [400],
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
  expect(img).toHaveAttribute('srcset', '/media/products/c-thumb.webp 400w, /media/products/c.webp 1200w');
  expect(img).toHaveAttribute('sizes', CARD_SIZES);
  expect(img).not.toHaveClass('is-small');
});

test('a small upload is shown at its own size, not stretched over the card', () => {
  const { container } = renderWithProviders(
    <ul>
      <ProductCard product={product({ imageWidths: [180], thumbnailWidths: [180] })} />
    </ul>,
  );
  expect(container.querySelector('img')).toHaveClass('is-small');
});

test('a product flagged available with no usable type is Unavailable on its card', () => {
  renderWithProviders(
    <ul>
      <ProductCard product={product({ types: [{ id: 1, name: 'Mint', availability: false, quantity: 4, price: null }] })} />
    </ul>,
  );
  expect(screen.getByText('Unavailable')).toHaveClass('is-unavailable');
});

test('no price: "Price not set", never $0.00; without its own price, the cheapest priced type "From"', () => {
  renderWithProviders(
    <ul>
      <ProductCard product={product({ id: 1, name: 'No price', price: null })} />
      <ProductCard
        product={product({
          id: 2,
          name: 'Typed',
          price: null,
          types: [
            { id: 1, name: 'A', availability: true, quantity: 1, price: '6.00' },
            { id: 2, name: 'B', availability: true, quantity: 1, price: '4.25' },
            { id: 3, name: 'C', availability: true, quantity: 1, price: null },
          ],
        })}
      />
    </ul>,
  );
  expect(screen.getByText('Price not set')).toBeInTheDocument();
  expect(screen.getByText('From $4.25')).toBeInTheDocument();
  expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
});
