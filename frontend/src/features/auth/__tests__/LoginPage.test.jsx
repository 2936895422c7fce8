import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { api } from '../../../lib/api';
import { mockFetch, networkError } from '../../../test/fetch';
import { makeToken, renderWithProviders } from '../../../test/render';
import { LoginPage } from '..';

const USER = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'customer' };

function renderLogin(route = '/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route },
  );
}

test('login mode: one password field with show/hide and an Enter button; no sign-up switch', async () => {
  const { user } = renderLogin();
  expect(screen.getByRole('heading', { name: 'Enter Password' })).toBeInTheDocument();
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  expect(screen.queryByText(/sign up/i)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Enter' })).toBeInTheDocument();
});

test('signing in stores the session and goes home; the button waits meanwhile', async () => {
  let answer;
  const pending = new Promise((resolve) => {
    answer = resolve;
  });
  const token = makeToken(USER);
  const fetchMock = mockFetch({ 'POST /api/auth/login': () => pending });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Enter' }));
  expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  answer({ status: 200, body: { token, user: USER, message: 'Login successful' } });
  expect(await screen.findByText('Home page')).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBe(token);
  // The card reads the shop's name (GET /api/shop/info); the sign-in is the first call of its own.
  const [url, init] = fetchMock.mock.calls.find(([u]) => u !== '/api/shop/info');
  expect(url).toBe('/api/auth/login');
  expect(init.body).toEqual({ password: 'secret1' });
  expect(init.headers.Authorization).toBeUndefined();
});

test('a refused password shows the server message inline in red, once (no toast)', async () => {
  mockFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid password' } } });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'wrong12');
  await user.click(screen.getByRole('button', { name: 'Enter' }));
  const inline = await screen.findByRole('alert');
  expect(inline).toHaveTextContent('Invalid password');
  expect(inline).toHaveClass('auth__error');
  expect(screen.getAllByText('Invalid password')).toHaveLength(1);
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Invalid password');
  expect(screen.getByRole('button', { name: 'Enter' })).toBeEnabled();
});

test('offline: the network text', async () => {
  mockFetch({ 'POST /api/auth/login': networkError() });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Enter' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
});

test('an answer without a token: the generic text', async () => {
  mockFetch({ 'POST /api/auth/login': { status: 200, body: { message: 'odd' } } });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Enter' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
});

test('sign-up mode at ?mode=signup sends the four fields', async () => {
  const token = makeToken(USER);
  const fetchMock = mockFetch({
    'POST /api/auth/register': { status: 201, body: { token, user: USER, message: 'Registration successful' } },
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
  });
  const { user } = renderLogin('/login?mode=signup');
  expect(screen.getByRole('heading', { name: 'Enter Password' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('Full name'), 'Sam Smith');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Registration code'), 'WELCOME');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText('Home page')).toBeInTheDocument();
  const registerCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register');
  expect(registerCall[1].body).toEqual({ name: 'Sam Smith', email: 'sam@example.com', password: 'secret1', registrationCode: 'WELCOME' });
});

test('sign-up failure shows the server message', async () => {
  mockFetch({
    'POST /api/auth/register': { status: 400, body: { message: 'Invalid registration code' } },
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
  });
  const { user } = renderLogin('/login?mode=signup');
  await user.type(screen.getByLabelText('Full name'), 'Sam');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Registration code'), 'NOPE');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid registration code');
});

test('a user signed out by a password change is told why at /login', async () => {
  mockFetch({ 'GET /api/orders': { status: 401, body: { message: 'Your password was changed. Please sign in with the new one.' } } });
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route: '/login', user: USER },
  );
  await act(() => api.get('/orders').catch(() => {}));
  expect(await screen.findByText('Your password was changed. Please sign in with the new one.')).toHaveClass('auth__notice');
});

test("the sign-up form shows the server's verdict on the password, judged with the email and name typed", async () => {
  const weak = { ok: false, score: 1, messages: ['Password is too similar to your email or name.'] };
  const fetchMock = mockFetch({ 'POST /api/auth/password-check': { status: 200, body: weak } });
  const { user } = renderLogin('/login?mode=signup');
  await user.type(screen.getByLabelText('Full name'), 'Sam Smith');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'samsmith1');

  expect(await screen.findByText(weak.messages[0])).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Strength: Weak/);
  const check = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password-check');
  expect(check[1].body).toEqual({ password: 'samsmith1', email: 'sam@example.com', name: 'Sam Smith' });
});

test('the sign-in form asks nothing while the password is typed', async () => {
  const fetchMock = mockFetch({});
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await act(() => new Promise((resolve) => setTimeout(resolve, 600)));

  expect(fetchMock.mock.calls.filter(([url]) => url !== '/api/shop/info')).toHaveLength(0);
});

test('sign-up: a password the rules refuse stops the request; its problems stay listed once under the field', async () => {
  const weak = { ok: false, score: 1, messages: ['This password is too common. Please choose a less common one.'] };
  const fetchMock = mockFetch({ 'POST /api/auth/password-check': { status: 200, body: weak } });
  const { user } = renderLogin('/login?mode=signup');
  await user.type(screen.getByLabelText('Full name'), 'Sam Smith');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'password1');
  await user.type(screen.getByLabelText('Registration code'), 'WELCOME');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(await screen.findByText(weak.messages[0])).toBeInTheDocument();
  expect(screen.getAllByText(weak.messages[0])).toHaveLength(1);
  expect(screen.getByLabelText('Password')).toHaveFocus();
  expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/register')).toHaveLength(0);
});

test("sign-up: a password another account uses is refused at the password field in the server's words; the hint never promised it", async () => {
  const taken =
    'Please choose a different password: this one cannot be used here. A few words of your own, like a short sentence, make a strong one.';
  mockFetch({
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
    'POST /api/auth/register': { status: 409, body: { message: taken, errors: { password: [taken] } } },
  });
  const { user } = renderLogin('/login?mode=signup');
  await user.type(screen.getByLabelText('Full name'), 'Sam Smith');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  const password = screen.getByLabelText('Password');
  await user.type(password, 'amber-kettle-drift-42');
  expect(await screen.findByText('Strength: Very strong')).toBeInTheDocument();
  expect(screen.queryByText(/will be accepted/i)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Registration code'), 'WELCOME');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  await waitFor(() => expect(password).toHaveAccessibleDescription(taken));
  expect(screen.getAllByText(taken)).toHaveLength(1);
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('Strength: Very strong')).not.toBeInTheDocument();
}, 20000);

test("the sign-in card names the shop, from the server's settings", async () => {
  mockFetch({});
  renderLogin();
  expect(await screen.findByText('Corner Shop')).toHaveClass('auth__shop');
});
