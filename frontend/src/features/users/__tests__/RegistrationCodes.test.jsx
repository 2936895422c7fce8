import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch, writeCalls } from '../../../test/fetch';
import UsersPage from '../components/UsersPage';
import { usersAnswer } from './userPages';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const USERS = { 'GET /api/auth/users': usersAnswer([]) };
const CODE = {
  id: 7,
  code: 'K7M2P9QX4RT8WZ',
  note: 'Spring flyer',
  isActive: true,
  expiresAt: '2030-01-01T22:30:00Z',
  maxUses: 5,
  useCount: 2,
  usable: true,
  createdAt: '2029-12-01T18:00:00Z',
};

test('lists the codes with their uses, expiry and state', async () => {
  mockFetch({
    ...USERS,
    'GET /api/auth/registration-codes': {
      status: 200,
      body: [CODE, { ...CODE, id: 8, code: 'OLD', isActive: false, usable: false, maxUses: null, expiresAt: null }],
    },
  });
  renderWithProviders(<UsersPage />, { user: admin });

  const row = (await screen.findByText('K7M2P9QX4RT8WZ')).closest('tr');
  expect(within(row).getByText('2 of 5')).toBeInTheDocument();
  expect(within(row).getByText('Tue, Jan 1, 2030 at 2:30 PM')).toBeInTheDocument();
  expect(within(row).getByText('Usable')).toBeInTheDocument();
  const old = screen.getByText('OLD').closest('tr');
  expect(within(old).getByText('2 (no limit)')).toBeInTheDocument();
  expect(within(old).getByText('Disabled')).toBeInTheDocument();
  expect(within(old).queryByRole('button')).not.toBeInTheDocument();
});

test('the owner makes a code for a number of accounts and days', async () => {
  const fetchMock = mockFetch({
    ...USERS,
    'GET /api/auth/registration-codes': { status: 200, body: [] },
    'POST /api/auth/registration-codes': { status: 201, body: CODE },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const form = within(await screen.findByRole('form', { name: 'New registration code' }));

  await user.type(form.getByLabelText('Who the code is for'), 'Spring flyer');
  await user.clear(form.getByLabelText('Accounts it may make'));
  await user.type(form.getByLabelText('Accounts it may make'), '5');
  await user.click(form.getByRole('button', { name: 'Make code' }));

  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(1));
  const [, init] = writeCalls(fetchMock)[0];
  expect(init.body).toMatchObject({ note: 'Spring flyer', maxUses: 5 });
  const days = (new Date(init.body.expiresAt).getTime() - Date.now()) / (24 * 60 * 60 * 1000);
  expect(Math.round(days)).toBe(7);
  expect(await screen.findByText(/K7M2P9QX4RT8WZ/, { selector: '[role="status"] *' })).toBeInTheDocument();
});

test("the server's refusal shows beside its field", async () => {
  const message = 'Ensure this value is greater than or equal to 1.';
  mockFetch({
    ...USERS,
    'GET /api/auth/registration-codes': { status: 200, body: [] },
    'POST /api/auth/registration-codes': { status: 400, body: { message, errors: { maxUses: [message] } } },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });
  const form = within(await screen.findByRole('form', { name: 'New registration code' }));
  const uses = form.getByLabelText('Accounts it may make');

  await user.clear(uses);
  await user.type(uses, '0');
  await user.click(form.getByRole('button', { name: 'Make code' }));

  await waitFor(() => expect(uses).toHaveAttribute('aria-invalid', 'true'));
  expect(uses).toHaveAccessibleDescription(/greater than or equal to 1/);
});

test('disabling a code sends isActive false', async () => {
  const fetchMock = mockFetch({
    ...USERS,
    'GET /api/auth/registration-codes': { status: 200, body: [CODE] },
    'PATCH /api/auth/registration-codes/7': { status: 200, body: { ...CODE, isActive: false, usable: false } },
  });
  const { user } = renderWithProviders(<UsersPage />, { user: admin });

  await user.click(await screen.findByRole('button', { name: 'Disable K7M2P9QX4RT8WZ' }));

  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(1));
  expect(writeCalls(fetchMock)[0][1].body).toEqual({ isActive: false });
});
