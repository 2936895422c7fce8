import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import AdminOrdersPage from '../AdminOrdersPage';
import { cleanFilters, statusChips, withFilters } from '../orderFilters';
import { order } from './orderBuilder';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const COUNTS = { pending: 3, completed: 8, cancelled: 1 };

const page = (orders, counts = COUNTS) => ({
  status: 200,
  body: { orders, counts, pagination: { page: 1, limit: 25, totalItems: orders.length, totalPages: 1, hasNextPage: false } },
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent);

function renderPage(route = '/orders') {
  return renderWithProviders(
    <>
      <AdminOrdersPage />
      <Where />
    </>,
    { user: admin, route },
  );
}

const orderCalls = (fetchMock) =>
  fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((url) => url.pathname === '/api/orders');

test('the filters in the URL are the ones sent, and the counts show as chips', async () => {
  const fetchMock = mockFetch({ 'GET /api/orders': page([order(7)]) });
  renderPage('/orders?status=pending&deliveryOption=pickup&search=buyer&from=2026-11-01&to=2026-11-30');

  const chips = await screen.findByRole('group', { name: 'Status' });
  expect(await within(chips).findByRole('button', { name: 'Pending 3' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(chips).getByRole('button', { name: 'All 12' })).toHaveAttribute('aria-pressed', 'false');
  expect(within(chips).getByRole('button', { name: 'Completed 8' })).toBeInTheDocument();
  expect(within(chips).getByRole('button', { name: 'Cancelled 1' })).toBeInTheDocument();

  const sent = orderCalls(fetchMock)[0].searchParams;
  expect(Object.fromEntries(sent)).toEqual({
    page: '1',
    limit: '25',
    status: 'pending',
    deliveryOption: 'pickup',
    search: 'buyer',
    from: '2026-11-01',
    to: '2026-11-30',
  });
  // The controls show the URL's values.
  expect(screen.getByLabelText('Search orders')).toHaveValue('buyer');
  expect(await screen.findByRole('option', { name: 'Store Pickup' })).toBeInTheDocument();
  expect(screen.getByLabelText('Delivery')).toHaveValue('pickup');
  expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
  expect(screen.getByText('1 order found')).toBeInTheDocument();
});

test('each control writes its filter to the URL and reloads the list with it', async () => {
  const fetchMock = mockFetch({ 'GET /api/orders': page([order(7)]) });
  const { user } = renderPage();
  await screen.findByRole('button', { name: 'Open order 7' });
  expect(screen.getByText('1 order in total')).toBeInTheDocument();

  await screen.findByRole('option', { name: 'Local Delivery' });
  await user.selectOptions(screen.getByLabelText('Delivery'), 'delivery');
  expect(where().get('deliveryOption')).toBe('delivery');

  await user.type(screen.getByLabelText('Search orders'), '#42{Enter}');
  expect(where().get('search')).toBe('#42');

  await user.click(screen.getByRole('button', { name: 'Completed 8' }));
  expect(where().get('status')).toBe('completed');
  expect(screen.getByRole('button', { name: 'Completed 8' })).toHaveAttribute('aria-pressed', 'true');

  await user.type(screen.getByLabelText('From'), '2026-11-02');
  expect(where().get('from')).toBe('2026-11-02');

  await waitFor(() => {
    const last = orderCalls(fetchMock).at(-1).searchParams;
    expect(last.get('deliveryOption')).toBe('delivery');
    expect(last.get('search')).toBe('#42');
    expect(last.get('status')).toBe('completed');
    expect(last.get('from')).toBe('2026-11-02');
  });

  await user.click(screen.getByRole('checkbox', { name: 'Due today' }));
  expect(where().get('due')).toBe('today');
  expect(screen.getByRole('heading', { name: 'Today', level: 1 })).toBeInTheDocument();

  await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
  expect(where().toString()).toBe('');
  expect(screen.getByLabelText('Search orders')).toHaveValue('');
  await waitFor(() => expect([...orderCalls(fetchMock).at(-1).searchParams.keys()].sort()).toEqual(['limit', 'page']));
});

test('All goes back to every status', async () => {
  mockFetch({ 'GET /api/orders': page([order(7)]) });
  const { user } = renderPage('/orders?status=cancelled&search=x');
  await user.click(await screen.findByRole('button', { name: 'All 12' }));
  expect(where().get('status')).toBeNull();
  expect(where().get('search')).toBe('x');
});

test('a filter the server refuses shows its message', async () => {
  mockFetch({ 'GET /api/orders': { status: 400, body: { message: 'from must be on or before to.' } } });
  renderPage('/orders?from=2026-11-30&to=2026-11-01');
  expect(await screen.findByText('from must be on or before to.')).toBeInTheDocument();
});

test('no match says so and offers to clear the filters', async () => {
  mockFetch({ 'GET /api/orders': page([], { pending: 0, completed: 0, cancelled: 0 }) });
  renderPage('/orders?search=nobody');
  expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'All 0' })).toBeInTheDocument();
});

test('filter helpers keep only set values, in one order', () => {
  expect(cleanFilters({ to: '2026-01-02', search: '  ', status: 'pending', other: 'x' })).toEqual({ status: 'pending', to: '2026-01-02' });
  expect(Object.keys(cleanFilters(new URLSearchParams('to=b&from=a')))).toEqual(['from', 'to']);
  expect(withFilters(new URLSearchParams('status=pending&page=2'), { status: '', due: 'today' }).toString()).toBe('page=2&due=today');
  const chips = statusChips([{ id: 'pending', label: 'Pending' }], { pending: 2, refunded: 1 });
  expect(chips).toEqual([
    { id: '', label: 'All', count: 3 },
    { id: 'pending', label: 'Pending', count: 2 },
    { id: 'refunded', label: 'refunded', count: 1 },
  ]);
});
