import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch, networkError } from '../../../test/fetch';
import UsersPage from '../UsersPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const customer = { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer' };
const users = [
  { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin', created_at: '2026-01-02T03:00:00Z' },
  { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer', created_at: '2026-11-22T07:30:00Z' },
];

test('non-admins see Access Denied and nothing is fetched', () => {
  const fetchMock = mockFetch({});
  renderWithProviders(<UsersPage />, { user: customer });
  expect(screen.getByText('Access Denied')).toBeInTheDocument();
  expect(screen.getByText('You need admin privileges to access this page')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('lists users with their LA creation date', async () => {
  mockFetch({ 'GET /api/auth/users': { status: 200, body: users } });
  renderWithProviders(<UsersPage />, { user: admin });
  expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  const row = (await screen.findByText('cy@example.com')).closest('tr');
  expect(within(row).getByText('customer')).toBeInTheDocument();
  // 07:30 UTC on the 22nd is 23:30 on Nov 21 in Los Angeles.
  expect(within(row).getByText('Sat, Nov 21, 2026')).toBeInTheDocument();
});

test('password shorter than 6 is refused locally; a good one is saved', async () => {
  const fetchMock = mockFetch({
    'GET /api/auth/users': { status: 200, body: users },
    'PUT /api/auth/users/2/password': { status: 200, body: { message: 'Password updated', user: users[1] } },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Change password for cy@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });

  await user.type(within(dialog).getByLabelText('New password'), '12345');
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
  expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

  await user.type(within(dialog).getByLabelText('New password'), '6x');
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await screen.findByText(/cy@example\.com/, { selector: '[role="status"] *' })).toBeInTheDocument();
  const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
  expect(put[1].body).toEqual({ newPassword: '123456x' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a refused change shows the server message', async () => {
  const answer = { status: 409, body: { message: 'Please choose a different password.' } };
  mockFetch({ 'GET /api/auth/users': { status: 200, body: users }, 'PUT /api/auth/users/2/password': () => answer });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Change password for cy@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  await user.type(within(dialog).getByLabelText('New password'), 'secret99');
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose a different password.');
});

test('load failure says Failed to load users', async () => {
  mockFetch({ 'GET /api/auth/users': { status: 500, body: {} } });
  renderWithProviders(<UsersPage />, { user: admin });
  expect(await screen.findAllByText('Failed to load users')).not.toHaveLength(0);
});

test('an unreachable server while changing a password gives the retry text', async () => {
  mockFetch({ 'GET /api/auth/users': { status: 200, body: users }, 'PUT /api/auth/users/2/password': networkError() });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Change password for cy@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  await user.type(within(dialog).getByLabelText('New password'), 'secret99');
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error updating password. Please try again.');
});
