import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, networkError } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from '..';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const product = (id, extra = {}) => ({
  id,
  name: `Product ${id}`,
  price: 10 + id,
  availability: true,
  quantity: 5,
  categoryId: 'juices',
  images: [`/media/p${id}.jpg`],
  thumbnails: [`/media/p${id}-thumb.jpg`],
  types: [],
  ...extra,
});

function pages(total) {
  const all = Array.from({ length: total }, (_, i) => product(total - i));
  return (url) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const pageNo = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    const slice = all.slice((pageNo - 1) * limit, pageNo * limit);
    return {
      status: 200,
      body: {
        products: slice,
        pagination: { page: pageNo, limit, totalItems: total, totalPages: Math.ceil(total / limit), hasNextPage: pageNo * limit < total },
      },
    };
  };
}

const HERO = { 'GET /api/hero/images': { status: 200, body: [] } };

test('pages of 12 load until the end, then "No more available products"', async () => {
  const fetchMock = mockFetch({ ...HERO, 'GET /api/products': pages(30) });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  expect(await screen.findByRole('heading', { name: 'All Products' })).toBeInTheDocument();
  // jsdom pages cannot scroll, so the hook keeps loading until there is no next page.
  expect(await screen.findByText('No more available products', {}, { timeout: 3000 })).toBeInTheDocument();
  const list = screen.getAllByRole('listitem').filter((li) => li.classList.contains('product-card'));
  expect(list).toHaveLength(30);
  const productCalls = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/products'));
  expect(productCalls).toEqual(['/api/products?page=1&limit=12', '/api/products?page=2&limit=12', '/api/products?page=3&limit=12']);
});

test('cards show thumbnail with size, name, price or "Price not set", availability', async () => {
  mockFetch({
    ...HERO,
    'GET /api/products': {
      status: 200,
      body: { products: [product(1), product(2, { price: null, availability: false })], pagination: { page: 1, hasNextPage: false } },
    },
  });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  const first = (await screen.findByText('Product 1')).closest('a');
  expect(first).toHaveAttribute('href', '/product/1');
  const img = first.querySelector('img');
  expect(img).toHaveAttribute('src', '/media/p1-thumb.jpg');
  expect(img).toHaveAttribute('width', '300');
  expect(img).toHaveAttribute('height', '300');
  expect(within(first).getByText('$11.00')).toBeInTheDocument();
  expect(within(first).getByText('Available')).toBeInTheDocument();
  const second = screen.getByText('Product 2').closest('a');
  expect(within(second).getByText('Price not set')).toBeInTheDocument();
  expect(within(second).getByText('Unavailable')).toBeInTheDocument();
});

test('an empty shop says "No products available"', async () => {
  mockFetch({ ...HERO, 'GET /api/products': { status: 200, body: { products: [], pagination: { page: 1, hasNextPage: false } } } });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  expect(await screen.findByText('No products available')).toBeInTheDocument();
  expect(screen.queryByText('No more available products')).not.toBeInTheDocument();
});

test('admins also get "Add your first product" in the empty shop', async () => {
  mockFetch({ ...HERO, 'GET /api/products': { status: 200, body: { products: [], pagination: { page: 1, hasNextPage: false } } } });
  renderWithProviders(<HomePage />, { user: ADMIN });
  expect(await screen.findByText('No products available')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Add your first product' })).toBeInTheDocument();
});

test('a search or category without results offers to clear each', async () => {
  const fetchMock = mockFetch({
    ...HERO,
    'GET /api/products': (url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const products = params.get('search') || params.get('category') ? [] : [product(1)];
      return { status: 200, body: { products, pagination: { page: 1, hasNextPage: false } } };
    },
  });
  const { user } = renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?category=juices&search=zzz' });
  expect(await screen.findByText('No products found')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Juices');
  expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/products?page=1&limit=12&category=juices&search=zzz');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(await screen.findByText('No products found')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show all categories' }));
  expect(await screen.findByText('Product 1')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Products');
});

test('a server failure without a message toasts "Failed to load products"', async () => {
  mockFetch({ ...HERO, 'GET /api/products': { status: 500, body: {} } });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  expect(await screen.findByText('Failed to load products', { selector: '.toast__message' })).toBeInTheDocument();
});

test("the server's message comes first, in the toast and the empty state, without blaming the connection", async () => {
  mockFetch({ ...HERO, 'GET /api/products': { status: 400, body: { message: 'Unknown category: vapes.' } } });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  expect(await screen.findByText('Unknown category: vapes.', { selector: '.toast__message' })).toBeInTheDocument();
  expect(screen.getByText('Unknown category: vapes.', { selector: '.empty-state__message' })).toBeInTheDocument();
  expect(screen.queryByText(/connection/)).not.toBeInTheDocument();
});

test('"No products found" for a search offers "Show all categories" beside "Clear search"', async () => {
  mockFetch({ ...HERO, 'GET /api/products': { status: 200, body: { products: [], pagination: { page: 1, hasNextPage: false } } } });
  renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?search=zzz' });
  expect(await screen.findByText('No products found')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show all categories' })).toBeInTheDocument();
});

test('a search that found nothing offers the nearest names, and one click searches it', async () => {
  const fetchMock = mockFetch({
    ...HERO,
    'GET /api/products': (url) => {
      const search = new URL(url, 'http://localhost').searchParams.get('search');
      return search === 'Geek Bar Pulse'
        ? { status: 200, body: { products: [product(1)], pagination: { page: 1, hasNextPage: false }, suggestions: [] } }
        : { status: 200, body: { products: [], pagination: { page: 1, hasNextPage: false }, suggestions: ['Geek Bar Pulse'] } };
    },
  });
  const { user } = renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?search=gekk%20barr' });
  expect(await screen.findByText('No products found')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Geek Bar Pulse' }));
  expect(await screen.findByText('Product 1')).toBeInTheDocument();
  expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/products?page=1&limit=12&search=Geek+Bar+Pulse');
});

test('offline toasts "Error loading products. Please try again."', async () => {
  mockFetch({ ...HERO, 'GET /api/products': networkError() });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  expect(await screen.findByText('Error loading products. Please try again.')).toBeInTheDocument();
});

test('older servers answering a plain list: a full page means more', async () => {
  const fetchMock = mockFetch({
    ...HERO,
    'GET /api/products': (url) => {
      const pageNo = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      const body = pageNo === 1 ? Array.from({ length: 12 }, (_, i) => product(i + 1)) : [product(13)];
      return { status: 200, body };
    },
  });
  renderWithProviders(<HomePage />, { user: CUSTOMER });
  expect(await screen.findByText('No more available products', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(screen.getByText('Product 13')).toBeInTheDocument();
  await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/products'))).toHaveLength(2));
});

const onePage = (products) => ({ status: 200, body: { products, pagination: { page: 1, hasNextPage: false } } });
const productCalls = (fetchMock) => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/products'));

test('sort and "In stock only": labelled, sent to the API, kept in the URL, default left out', async () => {
  const fetchMock = mockFetch({ ...HERO, 'GET /api/products': onePage([product(1)]) });
  const { user } = renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?category=juices' });
  await screen.findByText('Product 1');
  const sort = screen.getByRole('combobox', { name: 'Sort by' });
  expect(sort).toHaveValue('newest');
  expect(
    within(sort)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Name']);
  await user.selectOptions(sort, 'price_asc');
  await waitFor(() => expect(productCalls(fetchMock)).toContain('/api/products?page=1&limit=12&category=juices&sort=price_asc'));
  await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
  await waitFor(() => expect(productCalls(fetchMock)).toContain('/api/products?page=1&limit=12&category=juices&sort=price_asc&inStock=1'));
  await user.selectOptions(sort, 'newest');
  await waitFor(() => expect(productCalls(fetchMock).at(-1)).toBe('/api/products?page=1&limit=12&category=juices&inStock=1'));
});

test('sort and in-stock come from the URL together with the search; an unknown order is the default', async () => {
  const fetchMock = mockFetch({ ...HERO, 'GET /api/products': onePage([product(1)]) });
  renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?search=vape&sort=price_desc&inStock=1' });
  await screen.findByText('Product 1');
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
  expect(productCalls(fetchMock)).toEqual(['/api/products?page=1&limit=12&search=vape&sort=price_desc&inStock=1']);
});

test('an order the grid does not offer is not sent', async () => {
  const fetchMock = mockFetch({ ...HERO, 'GET /api/products': onePage([product(1)]) });
  renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?sort=cheapest' });
  await screen.findByText('Product 1');
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  expect(productCalls(fetchMock)).toEqual(['/api/products?page=1&limit=12']);
});

test('nothing in stock offers to include sold-out products', async () => {
  mockFetch({
    ...HERO,
    'GET /api/products': (url) => onePage(new URL(url, 'http://localhost').searchParams.get('inStock') ? [] : [product(1)]),
  });
  const { user } = renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?inStock=1' });
  expect(await screen.findByText('Nothing here is in stock right now.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Include sold-out products' }));
  expect(await screen.findByText('Product 1')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
});

test('search texts use curly quotes: "Results for “…”" and "Nothing matches “…”"', async () => {
  mockFetch({ ...HERO, 'GET /api/products': onePage([]) });
  renderWithProviders(<HomePage />, { user: CUSTOMER, route: '/?search=zzzzqq' });
  expect(await screen.findByText('Nothing matches “zzzzqq”.')).toBeInTheDocument();
  expect(screen.getByText('Results for “zzzzqq”')).toBeInTheDocument();
});

test('the hero sits above the grid, but not above search or stock-filter results', async () => {
  mockFetch({ ...HERO, 'GET /api/products': onePage([product(1)]) });
  const hero = <div data-testid="hero">Hero</div>;
  const first = renderWithProviders(<HomePage hero={hero} />, { user: ADMIN });
  await screen.findByText('Product 1');
  expect(screen.getByTestId('hero')).toBeInTheDocument();
  first.unmount();
  const searched = renderWithProviders(<HomePage hero={hero} />, { user: CUSTOMER, route: '/?search=vape' });
  await screen.findByText('Product 1');
  expect(screen.queryByTestId('hero')).not.toBeInTheDocument();
  searched.unmount();
  renderWithProviders(<HomePage hero={hero} />, { user: ADMIN, route: '/?stock=low' });
  await screen.findByText('Product 1');
  expect(screen.queryByTestId('hero')).not.toBeInTheDocument();
});
