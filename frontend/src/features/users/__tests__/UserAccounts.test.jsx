import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch, writeCalls } from '../../../test/fetch';
import UsersPage from '../components/UsersPage';
import { usersAnswer } from './userPages';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const LAST_ADMIN = 'The shop needs at least one admin.';

function server(initial) {
  let users = initial.map((u) => ({ active: true, created_at: '2026-11-02T03:00:00Z', ...u }));
  const fetchMock = mockFetch({
    // The page's registration codes below the table (none here).
    'GET /api/auth/registration-codes': { status: 200, body: [] },
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
    'GET /api/auth/users': () => usersAnswer(users),
    'POST /api/auth/users': (url, init) => {
      if (users.some((u) => u.email === init.body.email)) {
        return { status: 400, body: { message: 'Please check the form.', errors: { email: ['This email is already registered.'] } } };
      }
      const user = { id: users.length + 1, active: true, created_at: '2026-11-29T08:00:00Z', ...init.body };
      delete user.password;
      users = [...users, user];
      return { status: 201, body: user };
    },
    'PATCH /api/auth/users/1': { status: 400, body: { message: LAST_ADMIN } },
    'PATCH /api/auth/users/2': (url, init) => {
      users = users.map((u) => (u.id === 2 ? { ...u, ...init.body } : u));
      return { status: 200, body: users[1] };
    },
  });
  return fetchMock;
}

test('an admin creates a staff account, which joins the list', async () => {
  const fetchMock = server([admin]);
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Add Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Account' });
  await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
  await user.type(within(dialog).getByLabelText('Name'), 'Sam');
  await user.type(within(dialog).getByLabelText('Password'), 'amber-kettle-drift-42');
  expect(within(dialog).getByLabelText('Role')).toHaveValue('staff');
  await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

  const row = (await screen.findByText('sam@example.com')).closest('tr');
  expect(within(row).getByRole('combobox', { name: 'Role for sam@example.com' })).toHaveValue('staff');
  expect(within(row).getByText('Active')).toBeInTheDocument();
  const [[, init]] = writeCalls(fetchMock).filter(([url]) => url === '/api/auth/users');
  expect(init.body).toEqual({ email: 'sam@example.com', name: 'Sam', password: 'amber-kettle-drift-42', role: 'staff' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("the server's refusal of a new account shows under its field and in the form", async () => {
  server([admin]);
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Add Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Account' });
  await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
  await user.type(within(dialog).getByLabelText('Password'), 'amber-kettle-drift-42');
  await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
  expect(await within(dialog).findByText('This email is already registered.')).toBeInTheDocument();
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Please check the form.');
  expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('an admin changes a role and disables, then enables, an account', async () => {
  const fetchMock = server([admin, { id: 2, name: 'Sam', email: 'sam@example.com', role: 'staff' }]);
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const row = () => screen.getByText('sam@example.com').closest('tr');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Role for sam@example.com' }), 'admin');
  expect(await screen.findByText('sam@example.com is now Admin')).toBeInTheDocument();

  await user.click(within(row()).getByRole('button', { name: 'Disable sam@example.com' }));
  const confirm = await screen.findByRole('dialog', { name: 'Disable Account' });
  await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
  expect(await within(row()).findByText('Disabled')).toBeInTheDocument();

  await user.click(within(row()).getByRole('button', { name: 'Enable sam@example.com' }));
  expect(await within(row()).findByText('Active')).toBeInTheDocument();
  const patches = writeCalls(fetchMock).map(([url, init]) => [url, init.body]);
  expect(patches).toEqual([
    ['/api/auth/users/2', { role: 'admin' }],
    ['/api/auth/users/2', { active: false }],
    ['/api/auth/users/2', { active: true }],
  ]);
});

test("the last admin's demotion is refused with the server's message and the list keeps the role", async () => {
  server([admin]);
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const select = await screen.findByRole('combobox', { name: 'Role for ada@example.com' });
  await user.selectOptions(select, 'staff');
  expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
  expect(select).toHaveValue('admin');
});
