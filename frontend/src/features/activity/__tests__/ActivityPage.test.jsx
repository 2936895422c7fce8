import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch } from '../../../test/fetch';
import ActivityPage from '../components/ActivityPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const customer = { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer' };
const KINDS = [
  { id: 'product', label: 'Products' },
  { id: 'user', label: 'Users' },
];
const priceChange = {
  id: 9,
  at: '2026-11-22T10:04:05-08:00',
  entity: 'product',
  entityId: 7,
  label: 'Cloud Vape',
  action: 'changed',
  person: { id: 1, name: 'Ada' },
  source: 'api',
  command: null,
  changes: [{ field: 'price', label: 'Price', before: 10, after: 12.5, money: true }],
};
const passwordByCommand = {
  id: 8,
  at: '2026-11-21T09:00:00-08:00',
  entity: 'user',
  entityId: 2,
  label: 'cy@example.com',
  action: 'changed',
  person: null,
  source: 'command',
  command: 'create_admin',
  changes: [{ field: 'password', label: 'Password', before: '(changed)', after: '(changed)', money: false }],
};
const page = (entries) => ({
  status: 200,
  body: { entries, kinds: KINDS, pagination: { page: 1, limit: 20, totalItems: entries.length, totalPages: 1, hasNextPage: false } },
});
// The admins and staff the person filter offers (GET /api/auth/users?role=admin,staff, one page).
const ADA = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin', active: true, created_at: '2026-01-01T00:00:00Z' };
const USERS = {
  status: 200,
  body: { users: [ADA], pagination: { page: 1, limit: 100, totalItems: 1, totalPages: 1, hasNextPage: false, nextCursor: null } },
};

test('non-admins see Access Denied and nothing is fetched', () => {
  const fetchMock = mockFetch({});
  renderWithProviders(<ActivityPage />, { user: customer });
  expect(screen.getByText('Access Denied')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('lists the entries newest first: who, through which door, and each before and after', async () => {
  mockFetch({ 'GET /api/activity': page([priceChange, passwordByCommand]), 'GET /api/auth/users': USERS });
  renderWithProviders(<ActivityPage />, { user: admin });

  expect(await screen.findByText('2 changes')).toBeInTheDocument();
  const [first, second] = screen.getAllByRole('listitem');
  expect(within(first).getByText('Changed products: Cloud Vape')).toBeInTheDocument();
  expect(within(first).getByText(/Ada, in the back office/)).toBeInTheDocument();
  expect(within(first).getByText('Price')).toBeInTheDocument();
  expect(within(first).getByText('$10.00 → $12.50')).toBeInTheDocument();
  expect(within(second).getByText('by the system (manage.py create_admin)', { exact: false })).toBeInTheDocument();
  expect(within(second).getByText('(changed) → (changed)')).toBeInTheDocument();
});

test('the filters go to the URL and to the server as its own parameters', async () => {
  const fetchMock = mockFetch({
    'GET /api/activity': (url) => page(url.includes('entity=product') ? [priceChange] : [priceChange, passwordByCommand]),
    'GET /api/auth/users': USERS,
  });
  const { user } = renderWithProviders(<ActivityPage />, { user: admin, route: '/activity' });
  await screen.findByText('2 changes');

  await user.selectOptions(screen.getByLabelText('Kind'), 'product');
  await user.selectOptions(await screen.findByLabelText('Person'), '1');
  await user.type(screen.getByLabelText('From'), '2026-11-01');

  expect(await screen.findByText('1 change')).toBeInTheDocument();
  await waitFor(() => {
    const urls = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/activity'));
    expect(urls.at(-1)).toMatch(/entity=product/);
    expect(urls.at(-1)).toMatch(/person=1/);
    expect(urls.at(-1)).toMatch(/from=2026-11-01/);
  });
  const asked = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((u) => u.pathname === '/api/auth/users');
  expect(asked.map((u) => u.searchParams.get('role'))).toEqual(['admin,staff']);
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(await screen.findByText('2 changes')).toBeInTheDocument();
});

test("a refused filter shows the server's message", async () => {
  mockFetch({
    'GET /api/activity': { status: 400, body: { message: 'from must be a date written YYYY-MM-DD.', errors: { from: ['x'] } } },
    'GET /api/auth/users': USERS,
  });
  renderWithProviders(<ActivityPage />, { user: admin, route: '/?from=nope' });
  expect(await screen.findByText('from must be a date written YYYY-MM-DD.')).toBeInTheDocument();
});

test('a customer who closed their own account is named as the customer, not the back office', async () => {
  const closed = {
    ...passwordByCommand,
    id: 10,
    label: 'Deleted user',
    source: 'api',
    command: null,
    own: true,
    changes: [{ field: 'isActive', label: 'Active', before: true, after: false, money: false }],
  };
  mockFetch({ 'GET /api/activity': page([closed]), 'GET /api/auth/users': USERS });
  renderWithProviders(<ActivityPage />, { user: admin });

  const entry = await screen.findByRole('listitem');
  expect(within(entry).getByText(/the customer, on their own account/)).toBeInTheDocument();
  expect(within(entry).queryByText(/in the back office/)).not.toBeInTheDocument();
});
