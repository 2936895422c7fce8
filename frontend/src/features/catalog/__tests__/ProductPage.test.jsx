import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch, networkError } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ProductPage } from '../components/ProductPage';
import { NO_PRICE, addToCartAlert, addToCartBlock, digitsOnly } from '../productRules';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const vape = {
  id: 42,
  name: 'Cloud Vape',
  description: 'Smooth.',
  price: 20,
  availability: true,
  quantity: 0,
  categoryId: 'disposables',
  images: ['/media/a.jpg', '/media/b.jpg'],
  thumbnails: [],
  types: [
    { id: 1, name: 'Grape', price: 22, availability: false, quantity: 5 },
    { id: 2, name: 'Mint', price: null, availability: true, quantity: 3 },
    { id: 3, name: 'Ice', price: 25, availability: true, quantity: 1 },
  ],
};
const plain = { ...vape, id: 7, name: 'Plain Juice', price: 12, quantity: 4, types: [], categoryId: 'juices' };

function renderProduct(product, user = CUSTOMER) {
  mockFetch({ [`GET /api/products/${product.id}`]: { status: 200, body: product } });
  return renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
      <Route path="/" element={<p>Product list</p>} />
    </Routes>,
    { route: `/product/${product.id}`, user },
  );
}

const cart = () => JSON.parse(localStorage.getItem('cart') || '[]');

test('details: badge, category, price, SKU, stock, availability, description', async () => {
  renderProduct(vape);
  expect(await screen.findByRole('heading', { name: 'Cloud Vape' })).toBeInTheDocument();
  expect(screen.getByText('In Stock')).toBeInTheDocument();
  expect(screen.getAllByText('Vapes').length).toBeGreaterThan(0);
  expect(screen.getByText('#000042')).toBeInTheDocument();
  // The units a shopper can buy: Grape's 5 are marked unavailable.
  expect(screen.getByText('4 units')).toBeInTheDocument();
  expect(screen.getByText('Smooth.')).toBeInTheDocument();
  // Mint is preselected (Grape is out of stock) and has no own price: the product's applies.
  expect(screen.getByText('$20.00', { selector: '.product__price' })).toBeInTheDocument();
});

test('types: first available preselected, unavailable disabled as Out of stock, quantity resets on change', async () => {
  const { user } = renderProduct(vape);
  const group = await screen.findByRole('group', { name: 'Choose Type' });
  const grape = within(group).getByRole('button', { name: /Grape/ });
  expect(grape).toBeDisabled();
  expect(grape).toHaveTextContent('Out of stock');
  expect(within(group).getByRole('button', { name: /Mint/ })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('3 available')).toBeInTheDocument();
  const quantity = screen.getByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '2');
  await user.click(within(group).getByRole('button', { name: /Ice/ }));
  expect(quantity).toHaveValue('1');
  expect(screen.getByText('1 available')).toBeInTheDocument();
  expect(screen.getByText('$25.00', { selector: '.product__price' })).toBeInTheDocument();
});

test('quantity accepts digits only; empty or 0 disables Add to Cart', async () => {
  const { user } = renderProduct(plain);
  const quantity = await screen.findByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '2a-b');
  expect(quantity).toHaveValue('2');
  const add = screen.getByRole('button', { name: 'Add to Cart' });
  expect(add).toBeEnabled();
  await user.clear(quantity);
  expect(add).toBeDisabled();
  await user.type(quantity, '0');
  expect(add).toBeDisabled();
  expect(screen.getByText('$12.00', { selector: '.product__price' })).toBeInTheDocument();
});

test('a product without a price says "Price not set", never $0.00, and cannot reach the cart', async () => {
  renderProduct({ ...plain, price: null });
  expect(await screen.findByText('Price not set', { selector: '.product__price' })).toBeInTheDocument();
  expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
  const add = screen.getByRole('button', { name: 'Add to Cart' });
  expect(add).toBeDisabled();
  expect(add).toHaveAccessibleDescription(NO_PRICE);
  expect(cart()).toEqual([]);
});

test('a type priced neither itself nor by its product: "Price not set" and no Add to Cart', async () => {
  const { user } = renderProduct({
    ...vape,
    price: null,
    types: [
      { id: 2, name: 'Mint', price: null, availability: true, quantity: 3 },
      { id: 3, name: 'Ice', price: 25, availability: true, quantity: 1 },
    ],
  });
  const group = await screen.findByRole('group', { name: 'Choose Type' });
  expect(within(group).getByRole('button', { name: /Mint/ })).toHaveTextContent('Price not set');
  expect(screen.getByText('Price not set', { selector: '.product__price' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await user.click(within(group).getByRole('button', { name: /Ice/ }));
  expect(screen.getByText('$25.00', { selector: '.product__price' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(screen.queryByText(NO_PRICE)).not.toBeInTheDocument();
});

test('adding puts the line in the cart with a success toast; over stock shows the stock message', async () => {
  const { user } = renderProduct(vape);
  const quantity = await screen.findByLabelText('Quantity');
  await user.clear(quantity);
  await user.type(quantity, '2');
  await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  expect(await screen.findByText('Added 2 × Cloud Vape - Mint to cart')).toBeInTheDocument();
  expect(cart()).toMatchObject([{ cartKey: '42_2', productId: 42, productTypeId: 2, quantity: 2 }]);
  await user.clear(quantity);
  await user.type(quantity, '2');
  await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
  expect(await screen.findByText('Only 3 items available in stock for Cloud Vape - Mint')).toBeInTheDocument();
  expect(cart()[0].quantity).toBe(2);
});

test('an unavailable product cannot be added', async () => {
  renderProduct({ ...plain, availability: false });
  expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('types exist but none usable: Add to Cart is disabled', async () => {
  renderProduct({ ...vape, types: [{ id: 1, name: 'Grape', price: 1, availability: false, quantity: 3 }] });
  expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('the alert rules of Add to Cart', () => {
  expect(addToCartAlert(null, null)).toBe('Invalid product data');
  expect(addToCartAlert({ id: 1 }, null)).toBe('Invalid product data');
  expect(addToCartAlert(vape, null)).toBe('Please select a product type');
  expect(addToCartAlert(vape, vape.types[0])).toBe('Selected product type is unavailable');
  expect(addToCartAlert(vape, vape.types[1])).toBeNull();
  expect(addToCartBlock(vape, vape.types[1], '')).toBe('quantity');
  expect(addToCartBlock(vape, null, '1')).toBe('type');
  expect(addToCartBlock({ ...vape, availability: false }, vape.types[1], '1')).toBe('unavailable');
  expect(addToCartBlock(plain, null, '3')).toBeNull();
  expect(addToCartBlock({ ...plain, quantity: 0 }, null, '1')).toBe('stock');
  expect(addToCartBlock({ ...plain, price: null }, null, '1')).toBe('price');
  expect(addToCartBlock({ ...vape, price: null }, vape.types[1], '1')).toBe('price');
  expect(addToCartAlert({ ...plain, price: null }, null)).toBe(NO_PRICE);
  expect(digitsOnly('1e5.2')).toBe('152');
});

test('the full-screen viewer opens from the gallery and Escape closes it', async () => {
  const { user } = renderProduct(vape);
  await user.click(await screen.findByRole('button', { name: 'View image 1 full screen' }));
  expect(screen.getByRole('dialog', { name: 'Cloud Vape' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('admins see the admin actions instead of type choice and Add to Cart', async () => {
  renderProduct(vape, ADMIN);
  expect(await screen.findByRole('heading', { name: 'Cloud Vape' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Choose Type' })).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument();
});

test('a missing product toasts and returns to the list', async () => {
  mockFetch({ 'GET /api/products/99': { status: 404, body: { message: 'Product not found' } } });
  renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
      <Route path="/" element={<p>Product list</p>} />
    </Routes>,
    { route: '/product/99', user: CUSTOMER },
  );
  expect(await screen.findByText('Product list')).toBeInTheDocument();
  expect(screen.getByText('Failed to fetch product details')).toBeInTheDocument();
});

test('offline: "Error loading product details"', async () => {
  mockFetch({ 'GET /api/products/99': networkError() });
  renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
      <Route path="/" element={<p>Product list</p>} />
    </Routes>,
    { route: '/product/99', user: CUSTOMER },
  );
  await waitFor(() => expect(screen.getByText('Error loading product details')).toBeInTheDocument());
});

test('an unavailable product says so everywhere: badge, Details, the units hint and a disabled Add to Cart', async () => {
  renderProduct({ ...plain, availability: false, quantity: 5 });
  expect(await screen.findByRole('heading', { name: 'Plain Juice' })).toBeInTheDocument();
  expect(screen.getByText('Out of Stock')).toHaveClass('badge');
  expect(screen.queryByText('5 available')).not.toBeInTheDocument();
  expect(screen.getAllByText('Unavailable').length).toBe(2); // the units hint and Details
  expect(screen.getByText('0 units')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});
