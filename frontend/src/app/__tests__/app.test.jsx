import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { mockFetch } from '../../test/fetch';
import { createTestQueryClient, makeToken } from '../../test/render';
import { AppProviders } from '../App';
import { badgeText } from '../badge';
import { AppRoutes } from '../routes';
import SERVER_SHOP_INFO from '../../test/fixtures/shopInfo.json';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const page = (products, hasNextPage = false) => ({
  status: 200,
  body: { products, pagination: { page: 1, limit: 12, totalItems: products.length, totalPages: 1, hasNextPage } },
});
const juice = {
  id: 3,
  name: 'Mango Juice',
  price: 10,
  availability: true,
  quantity: 200,
  categoryId: 'juices',
  images: [],
  thumbnails: [],
  types: [],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderApp(route, user) {
  if (user) {
    localStorage.setItem('token', makeToken(user));
    localStorage.setItem('user', JSON.stringify(user));
  }
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

function shopApi(extra = {}) {
  return mockFetch({
    'GET /api/shop/info': {
      status: 200,
      body: { ...SERVER_SHOP_INFO, name: 'Corner Shop', pickupLocation: 'Main & 1st', pickupPhone: '555' },
    },
    'GET /api/hero/images': { status: 200, body: [] },
    'GET /api/products': page([juice]),
    ...extra,
  });
}

test('badge caps: 99+ on desktop, 9+ on phones, nothing when empty', () => {
  expect(badgeText(0)).toBe('');
  expect(badgeText(5)).toBe('5');
  expect(badgeText(99)).toBe('99');
  expect(badgeText(100)).toBe('99+');
  expect(badgeText(9, true)).toBe('9');
  expect(badgeText(10, true)).toBe('9+');
});

test('a signed-out visitor of any route lands on /login', async () => {
  mockFetch({});
  renderApp('/orders');
  expect(await screen.findByRole('heading', { name: 'Enter Password' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/login');
});

test('a signed-in user visiting /login goes to /; unknown routes go to /', async () => {
  shopApi();
  renderApp('/login', CUSTOMER);
  expect(await screen.findByRole('heading', { name: 'All Products' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
});

test('unknown paths redirect home', async () => {
  shopApi();
  renderApp('/nowhere', CUSTOMER);
  expect(await screen.findByRole('heading', { name: 'All Products' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
});

test('customer header: brand from shop info, ride button, cart badge, own links, no admin tabs', async () => {
  localStorage.setItem(
    'cart',
    JSON.stringify([{ cartKey: '3', productId: 3, productTypeId: null, quantity: 120, product: juice, selectedType: null }]),
  );
  localStorage.setItem('cartOwner', '2');
  shopApi();
  renderApp('/', CUSTOMER);
  expect(await screen.findByRole('link', { name: 'Corner Shop' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('button', { name: 'REQUEST RIDE' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cart, 120 items' })).toBeInTheDocument();
  expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
  expect(screen.getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
  expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
});

test("a customer's My Account page loads their details", async () => {
  mockFetch({ 'GET /api/auth/me': { status: 200, body: { ...CUSTOMER, phone: '', deliveryAddress: '', deliveryZip: '' } } });
  renderApp('/account', CUSTOMER);
  expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
  expect(await screen.findByLabelText('Full name')).toHaveValue('Casey');
});

test('the reset link and the forgotten-password form open signed out', async () => {
  mockFetch({});
  renderApp('/reset-password');
  expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('link', { name: 'Ask for a new link' }));
  expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
});

test('phones show the 9+ badge and the search box below the heading', async () => {
  const original = window.matchMedia;
  window.matchMedia = (query) => ({
    matches: query.includes('max-width: 767px'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  });
  try {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ cartKey: '3', productId: 3, productTypeId: null, quantity: 12, product: juice, selectedType: null }]),
    );
    shopApi();
    renderApp('/', CUSTOMER);
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('9+');
    expect(screen.getAllByPlaceholderText('Search products...')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(screen.getByPlaceholderText('Search products...'));
  } finally {
    window.matchMedia = original;
  }
});

test('admin header: the admin tabs with page ids, Dashboard first, no cart and no ride button', async () => {
  shopApi();
  renderApp('/', ADMIN);
  const nav = await screen.findByRole('navigation', { name: 'Admin' });
  const tabs = within(nav).getAllByRole('link');
  expect(tabs.map((t) => [t.textContent, t.dataset.page])).toEqual([
    ['Dashboard', 'dashboard'],
    ['Products', 'products'],
    ['Orders', 'orders'],
    ['Rides', 'rides'],
    ['Deliveries', 'deliveries'],
    ['Hero', 'hero'],
    ['Users', 'users'],
    ['Promotions', 'promotions'],
    ['Taxes', 'taxes'],
    ['Compliance', 'compliance'],
    ['Settings', 'settings'],
    ['Activity', 'activity'],
  ]);
  expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'REQUEST RIDE' })).not.toBeInTheDocument();
});

test('customers get Access Denied on /users and /hero', async () => {
  shopApi();
  renderApp('/users', CUSTOMER);
  expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  expect(screen.getByText('You need admin privileges to access this page')).toBeInTheDocument();
});

test('category tabs: ALL and 13 categories; choosing one loads /?category=id', async () => {
  const user = userEvent.setup();
  const fetchMock = shopApi();
  renderApp('/', CUSTOMER);
  const nav = await screen.findByRole('navigation', { name: 'Categories' });
  await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(14));
  const links = within(nav).getAllByRole('link');
  expect(links[0]).toHaveTextContent('ALL');
  expect(links[0]).toHaveAttribute('aria-current', 'page');
  await user.click(within(nav).getByRole('link', { name: 'Juices' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/?category=juices');
  expect(await screen.findByRole('heading', { name: 'Juices' })).toBeInTheDocument();
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.includes('category=juices'))).toBe(true));
});

test('search waits 500 ms, then updates ?search= and keeps the category', async () => {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    shopApi();
    renderApp('/?category=juices', CUSTOMER);
    const box = await screen.findByPlaceholderText('Search products...');
    await user.type(box, 'mango');
    act(() => jest.advanceTimersByTime(499));
    expect(screen.getByTestId('where')).toHaveTextContent('/?category=juices');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('where')).toHaveTextContent('/?category=juices&search=mango');
  } finally {
    jest.useRealTimers();
  }
});

test('leaving for a product while a search is being typed does not come back to the list', async () => {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    shopApi({ 'GET /api/products/3': { status: 200, body: juice } });
    renderApp('/', CUSTOMER);
    const box = await screen.findByPlaceholderText('Search products...');
    await user.type(box, 'mango');
    await user.click(await screen.findByRole('link', { name: /Mango Juice/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mango Juice' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/product\/3$/);
  } finally {
    jest.useRealTimers();
  }
});

test('the mobile menu toggles and closes on Escape', async () => {
  const user = userEvent.setup();
  shopApi();
  renderApp('/', CUSTOMER);
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(document.getElementById('header-menu')).toHaveClass('is-open');
  await user.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(document.getElementById('header-menu')).not.toHaveClass('is-open');
});

test('logout clears the session and returns to /login', async () => {
  const user = userEvent.setup();
  shopApi();
  renderApp('/', CUSTOMER);
  await user.click(await screen.findByRole('button', { name: 'Logout' }));
  expect(await screen.findByRole('heading', { name: 'Enter Password' })).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
});

test('a refused token on any call signs the user out to /login', async () => {
  shopApi({ 'GET /api/products': { status: 401, body: { message: 'Token is invalid or expired' } } });
  renderApp('/', CUSTOMER);
  expect(await screen.findByRole('heading', { name: 'Enter Password' })).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
});
