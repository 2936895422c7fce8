import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch, writeCalls } from '../../../test/fetch';
import { makeToken, renderWithProviders } from '../../../test/render';
import { AccountPage } from '..';
import { SAVED_TEXT } from '../components/DetailsForm';
import { PageNotice } from '../../../components/PageNotice';
import { CLOSED_TEXT } from '../components/MyDataSection';

const USER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };
const ME = { ...USER, phone: '', deliveryAddress: '', deliveryZip: '' };
const HINT_OK = { status: 200, body: { ok: true, score: 4, messages: [] } };

function renderAccount(handlers = {}) {
  const fetchMock = mockFetch({ 'GET /api/auth/me': { status: 200, body: ME }, 'POST /api/auth/password-check': HINT_OK, ...handlers });
  const result = renderWithProviders(
    <Routes>
      <Route path="/account" element={<AccountPage />} />
      <Route
        path="/login"
        element={
          <>
            <PageNotice />
            <p>Sign-in page</p>
          </>
        }
      />
    </Routes>,
    { route: '/account', user: USER },
  );
  return { ...result, fetchMock };
}

test('the details form shows the saved details and saves the changes', async () => {
  const saved = { ...ME, phone: '(714) 555-0142', deliveryAddress: '12 Main St', deliveryZip: '92840' };
  const { user, fetchMock } = renderAccount({ 'PATCH /api/auth/me': { status: 200, body: saved } });
  expect(await screen.findByLabelText('Full name')).toHaveValue('Ada Buyer');
  expect(screen.getByText('ada@example.com')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Phone'), '714 555 0142');
  await user.type(screen.getByLabelText('Delivery address'), '12 Main St');
  await user.type(screen.getByLabelText('ZIP code'), '92840');
  await user.click(screen.getByRole('button', { name: 'Save details' }));

  expect(await screen.findByText(SAVED_TEXT)).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/auth/me');
  expect(init.method).toBe('PATCH');
  expect(init.body).toEqual({ name: 'Ada Buyer', phone: '714 555 0142', deliveryAddress: '12 Main St', deliveryZip: '92840' });
  // The saved form, as the server keeps it.
  await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('(714) 555-0142'));
});

test("a refused field shows the server's message beside it", async () => {
  const message = 'Please enter a valid 5-digit ZIP code';
  const { user } = renderAccount({
    'PATCH /api/auth/me': { status: 400, body: { message, errors: { deliveryZip: [message] } } },
  });
  await user.type(await screen.findByLabelText('ZIP code'), '123');
  await user.click(screen.getByRole('button', { name: 'Save details' }));

  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
});

test('changing the password keeps this session with the fresh token', async () => {
  const fresh = makeToken({ ...USER, name: 'Ada Buyer' });
  const { user, fetchMock } = renderAccount({
    'PUT /api/auth/me/password': { status: 200, body: { token: fresh, user: USER, message: 'Password updated successfully' } },
  });
  await user.type(await screen.findByLabelText('Current password'), 'old-secret-1');
  await user.type(screen.getByLabelText('New password'), 'larch-velvet-harbor-92');
  await user.click(screen.getByRole('button', { name: 'Change password' }));

  await waitFor(() => expect(localStorage.getItem('token')).toBe(fresh));
  const [, init] = writeCalls(fetchMock).find(([url]) => url === '/api/auth/me/password');
  expect(init.body).toEqual({ currentPassword: 'old-secret-1', newPassword: 'larch-velvet-harbor-92' });
});

test('a new password the rules refuse is said once, under the field, before any request; no toast', async () => {
  const short = 'Password must be at least 6 characters long';
  const { user, fetchMock } = renderAccount({
    'POST /api/auth/password-check': { status: 200, body: { ok: false, score: 0, messages: [short] } },
  });
  await user.type(await screen.findByLabelText('Current password'), 'old-secret-1');
  const next = screen.getByLabelText('New password');
  await user.type(next, 'abc');
  await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining(short)));
  expect(next).toHaveAttribute('aria-invalid', 'true');

  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(next).toHaveFocus();
  expect(screen.getAllByText(short)).toHaveLength(1);
  expect(writeCalls(fetchMock).filter(([url]) => url === '/api/auth/me/password')).toHaveLength(0);
});

test("the server's refusal of the new password (another account's) takes the hint's place, once", async () => {
  const taken =
    'Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one.';
  const { user } = renderAccount({
    'PUT /api/auth/me/password': { status: 409, body: { message: taken, errors: { newPassword: [taken] } } },
  });
  await user.type(await screen.findByLabelText('Current password'), 'old-secret-1');
  const next = screen.getByLabelText('New password');
  await user.type(next, 'larch-velvet-harbor-92');
  await user.click(screen.getByRole('button', { name: 'Change password' }));

  await waitFor(() => expect(next).toHaveAccessibleDescription(taken));
  expect(screen.getAllByText(taken)).toHaveLength(1);
  expect(next).toHaveFocus();
  expect(screen.queryByText('Passes the strength checks.')).not.toBeInTheDocument();
});

test('a wrong current password is said so', async () => {
  const message = 'Your current password is not correct.';
  const { user } = renderAccount({
    'PUT /api/auth/me/password': { status: 400, body: { message, errors: { currentPassword: [message] } } },
  });
  await user.type(await screen.findByLabelText('Current password'), 'nope');
  await user.type(screen.getByLabelText('New password'), 'larch-velvet-harbor-92');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(message);
  expect(screen.getAllByText(message)).toHaveLength(1);
});

test('download my data saves the JSON file the server names', async () => {
  const createObjectURL = jest.fn(() => 'blob:x');
  global.URL.createObjectURL = createObjectURL;
  global.URL.revokeObjectURL = jest.fn();
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const { user } = renderAccount({
    'GET /api/auth/me/export': {
      status: 200,
      body: { profile: ME, orders: [], rideRequests: [] },
      headers: { 'Content-Disposition': 'attachment; filename="my-shop-data.json"' },
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Download my data' }));

  await waitFor(() => expect(clicked).toHaveBeenCalled());
  expect(createObjectURL).toHaveBeenCalled();
  clicked.mockRestore();
});

test('closing the account asks for the password, signs out, and the sign-in page says it', async () => {
  const { user, fetchMock } = renderAccount({ 'DELETE /api/auth/me': { status: 204 } });
  await user.click(await screen.findByRole('button', { name: 'Close my account' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Your password'), 'old-secret-1');
  await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));

  expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  expect(screen.getByText(CLOSED_TEXT).closest('[role="status"]')).toHaveClass('page-notice');
  expect(localStorage.getItem('token')).toBeNull();
  const [, init] = writeCalls(fetchMock).find(([url]) => url === '/api/auth/me');
  expect(init.method).toBe('DELETE');
  expect(init.body).toEqual({ password: 'old-secret-1' });
});

test('a wrong password keeps the account and says why', async () => {
  const message = 'Your current password is not correct.';
  const { user } = renderAccount({ 'DELETE /api/auth/me': { status: 400, body: { message } } });
  await user.click(await screen.findByRole('button', { name: 'Close my account' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Your password'), 'nope');
  await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  expect(localStorage.getItem('token')).not.toBeNull();
});
