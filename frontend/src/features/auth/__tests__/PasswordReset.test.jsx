import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { makeToken, renderWithProviders } from '../../../test/render';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from '..';
import { RESET_SENT_TEXT } from '../components/ForgotPasswordPage';
import { NO_TOKEN_TEXT } from '../components/ResetPasswordPage';
import { PageNotice } from '../../../components/PageNotice';

const USER = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'customer' };
const REFUSED = 'This reset link has expired or was already used. Ask for a new one.';

const GOOD_LINK = { 'POST /api/auth/password-reset/check': { status: 200, body: { valid: true, message: '' } } };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Home() {
  return (
    <>
      <PageNotice />
      <p>Home page</p>
    </>
  );
}

function renderAuth(route) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/" element={<Home />} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

test('the sign-in screen links to the forgotten-password form', async () => {
  mockFetch({});
  const { user } = renderAuth('/login');
  await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
  expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/forgot-password');
});

test('asking for a link sends the email and says the same whoever it is', async () => {
  const fetchMock = mockFetch({ 'POST /api/auth/password-reset': { status: 202, body: { message: RESET_SENT_TEXT } } });
  const { user } = renderAuth('/forgot-password');
  await user.type(screen.getByLabelText('Email'), ' sam@example.com ');
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));

  expect(await screen.findByText(RESET_SENT_TEXT)).toHaveAttribute('role', 'status');
  const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('password-reset'));
  expect(url).toBe('/api/auth/password-reset');
  expect(init.body).toEqual({ email: 'sam@example.com' });
  expect(init.headers.Authorization).toBeUndefined();
});

test("a refused request (too many) shows the server's words", async () => {
  mockFetch({ 'POST /api/auth/password-reset': { status: 429, body: { message: 'Too many requests. Please wait.' } } });
  const { user } = renderAuth('/forgot-password');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait.');
});

test('the reset page takes the token from the link, hides it from the address bar, and signs in', async () => {
  const token = makeToken(USER);
  const fetchMock = mockFetch({
    ...GOOD_LINK,
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
    'POST /api/auth/password-reset/confirm': { status: 200, body: { token, user: USER, message: 'Your password has been reset' } },
  });
  const { user } = renderAuth('/reset-password?token=abc.def:ghi');
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/reset-password$/);

  await user.type(screen.getByLabelText('New password'), 'larch-velvet-harbor-92');
  expect(await screen.findByText('Passes the strength checks.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Set new password' }));

  expect(await screen.findByText('Home page')).toBeInTheDocument();
  // Said on the page it leads to, not only in a passing toast.
  expect(screen.getByText('Your password has been reset').closest('[role="status"]')).toHaveClass('page-notice');
  expect(localStorage.getItem('token')).toBe(token);
  const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('password-reset/confirm'));
  expect(init.body).toEqual({ token: 'abc.def:ghi', newPassword: 'larch-velvet-harbor-92' });
});

test('a used link is reported when the page opens, before a password is typed', async () => {
  const fetchMock = mockFetch({ 'POST /api/auth/password-reset/check': { status: 200, body: { valid: false, message: REFUSED } } });
  renderAuth('/reset-password?token=used');

  expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('password-reset/check'));
  expect(init.body).toEqual({ token: 'used' });
});

test('a link refused only at saving is said in the server words', async () => {
  mockFetch({
    ...GOOD_LINK,
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
    'POST /api/auth/password-reset/confirm': { status: 400, body: { message: REFUSED, errors: { token: [REFUSED] } } },
  });
  const { user } = renderAuth('/reset-password?token=old');
  await user.type(screen.getByLabelText('New password'), 'larch-velvet-harbor-92');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
});

test('a link without a token says so', () => {
  mockFetch({});
  renderAuth('/reset-password');
  expect(screen.getByRole('alert')).toHaveTextContent(NO_TOKEN_TEXT);
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
});
