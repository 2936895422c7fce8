import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch, networkError } from '../../../test/fetch';
import UsersPage from '../components/UsersPage';
import { usersAnswer } from './userPages';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const customer = { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer' };
const users = [
  { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin', created_at: '2026-01-02T03:00:00Z' },
  { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer', created_at: '2026-11-22T07:30:00Z' },
];

// Every admin render also lists the registration codes.
const NO_CODES = { 'GET /api/auth/registration-codes': { status: 200, body: [] } };

test('non-admins see Access Denied and nothing is fetched', () => {
  const fetchMock = mockFetch({});
  renderWithProviders(<UsersPage />, { user: customer });
  expect(screen.getByText('Access Denied')).toBeInTheDocument();
  expect(screen.getByText('You need admin privileges to access this page')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('lists users with their LA creation date', async () => {
  mockFetch({ ...NO_CODES, 'GET /api/auth/users': usersAnswer(users) });
  renderWithProviders(<UsersPage />, { user: admin });
  expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  const row = (await screen.findByText('cy@example.com')).closest('tr');
  expect(within(row).getByRole('combobox', { name: 'Role for cy@example.com' })).toHaveValue('customer');
  // 07:30 UTC on the 22nd is 23:30 on Nov 21 in Los Angeles.
  expect(within(row).getByText('Sat, Nov 21, 2026')).toBeInTheDocument();
});

const usersCalls = (fetchMock) =>
  fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((u) => u.pathname === '/api/auth/users');

test('the next page loads by its cursor as the list scrolls, up to the last', async () => {
  const third = { id: 3, name: 'Di', email: 'di@example.com', role: 'staff', created_at: '2025-12-30T10:00:00Z' };
  const fetchMock = mockFetch({
    ...NO_CODES,
    'GET /api/auth/users': (url) =>
      new URL(url, 'http://localhost').searchParams.get('cursor') === 'after-cy'
        ? usersAnswer([third], { page: 2, totalItems: 3 })
        : usersAnswer(users, { nextCursor: 'after-cy', totalItems: 3 }),
  });
  renderWithProviders(<UsersPage />, { user: admin });
  // The page is not scrollable in jsdom, so the second page is fetched at once.
  expect(await screen.findByText('di@example.com')).toBeInTheDocument();
  expect(screen.getByText('cy@example.com')).toBeInTheDocument();
  expect(screen.getByText('3 users')).toBeInTheDocument();
  expect(screen.getByText('No more users')).toBeInTheDocument();
  const asked = usersCalls(fetchMock).map((u) => [u.searchParams.get('page'), u.searchParams.get('cursor'), u.searchParams.get('limit')]);
  expect(asked).toEqual([
    ['1', null, '50'],
    [null, 'after-cy', '50'],
  ]);
});

test('Search users asks the server once the typing pauses and shows what it found', async () => {
  const fetchMock = mockFetch({
    ...NO_CODES,
    'GET /api/auth/users': (url) => {
      const search = new URL(url, 'http://localhost').searchParams.get('search');
      if (!search) return usersAnswer(users);
      return usersAnswer(search === 'cy@' ? [users[1]] : []);
    },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  expect(await screen.findByText('ada@example.com')).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'cy@');
  expect(await screen.findByText('1 user found')).toBeInTheDocument();
  expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
  expect(screen.getByText('cy@example.com')).toBeInTheDocument();
  // One request for the whole word, none per key.
  expect(usersCalls(fetchMock).map((u) => u.searchParams.get('search'))).toEqual([null, 'cy@']);

  await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed');
  expect(await screen.findByText('No users found')).toBeInTheDocument();
  expect(screen.getByText('No name or email holds "zed".')).toBeInTheDocument();
});

const TOO_COMMON = 'This password is too common. Please choose a less common one.';
const TOO_SHORT = 'Password must be at least 6 characters long';
// The server's password rules (POST /api/auth/password-check) as these tests need them: "password"
// is too common, under 6 characters too short, anything else passes.
function passwordCheck(url, init) {
  const typed = init.body.password;
  if (typed === 'password') return { status: 200, body: { ok: false, score: 0, messages: [TOO_COMMON] } };
  if (typed.length < 6) return { status: 200, body: { ok: false, score: 0, messages: [TOO_SHORT] } };
  return { status: 200, body: { ok: true, score: 3, messages: [] } };
}
const CHECK = { ...NO_CODES, 'POST /api/auth/password-check': passwordCheck };

async function openDialog(user) {
  await user.click(await screen.findByRole('button', { name: 'Change password for cy@example.com' }));
  return screen.findByRole('dialog', { name: 'Change Password' });
}

test("the server's rules show while typing and hold Update; a good password is saved", async () => {
  const fetchMock = mockFetch({
    ...CHECK,
    'GET /api/auth/users': usersAnswer(users),
    'PUT /api/auth/users/2/password': { status: 200, body: { message: 'Password updated', user: users[1] } },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('New password');
  const update = within(dialog).getByRole('button', { name: 'Update Password' });
  expect(update).toBeDisabled();

  await user.type(field, 'password');
  // Judged as the server judges this user's password: against Cy's own email and name.
  await waitFor(() => expect(field).toHaveAccessibleDescription(/Strength: Very weak.*too common/));
  const check = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password-check');
  expect(check[1].body).toEqual({ password: 'password', email: 'cy@example.com', name: 'Cy' });
  expect(update).toBeDisabled();
  // Said once, under the field: no alert above it, no toast.
  expect(screen.getAllByText(TOO_COMMON)).toHaveLength(1);

  await user.clear(field);
  await user.type(field, 'amber-kettle-drift-42');
  await waitFor(() => expect(update).toBeEnabled());
  await user.click(update);
  expect(await screen.findByText(/cy@example\.com/, { selector: '[role="status"] *' })).toBeInTheDocument();
  const puts = fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT');
  expect(puts.map(([, init]) => init.body)).toEqual([{ newPassword: 'amber-kettle-drift-42' }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a password the server refuses on saving is said once, under the field, without a toast', async () => {
  const used = 'Please choose a different password.';
  mockFetch({
    ...CHECK,
    'GET /api/auth/users': usersAnswer(users),
    'PUT /api/auth/users/2/password': { status: 400, body: { message: used, errors: { newPassword: [used] } } },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('New password');
  await user.type(field, 'secret-walnut-99');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Update Password' })).toBeEnabled());
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(used);
  expect(screen.getAllByText(used)).toHaveLength(1);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveFocus();
});

test('a refused change naming no field shows the server message under the form', async () => {
  const answer = { status: 409, body: { message: 'Please choose a different password.' } };
  mockFetch({ ...CHECK, 'GET /api/auth/users': usersAnswer(users), 'PUT /api/auth/users/2/password': () => answer });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const dialog = await openDialog(user);
  await user.type(within(dialog).getByLabelText('New password'), 'secret99');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Update Password' })).toBeEnabled());
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose a different password.');
});

test('load failure says Failed to load users', async () => {
  mockFetch({ ...NO_CODES, 'GET /api/auth/users': { status: 500, body: {} } });
  renderWithProviders(<UsersPage />, { user: admin });
  expect(await screen.findAllByText('Failed to load users')).not.toHaveLength(0);
});

test('an unreachable server while changing a password gives the retry text', async () => {
  mockFetch({ ...CHECK, 'GET /api/auth/users': usersAnswer(users), 'PUT /api/auth/users/2/password': networkError() });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const dialog = await openDialog(user);
  await user.type(within(dialog).getByLabelText('New password'), 'secret99');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Update Password' })).toBeEnabled());
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error updating password. Please try again.');
});
