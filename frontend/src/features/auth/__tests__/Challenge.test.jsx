import { createHash, webcrypto } from 'crypto';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { makeToken, renderWithProviders } from '../../../test/render';
import { LoginPage } from '..';
import { CHECKING_TEXT } from '../components/LoginPage';

// jsdom has no SubtleCrypto: the browser's SHA-256 is Node's here.
beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

const USER = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'customer' };
const SALT = 'a1b2c3?expires=4102444800&';
const NUMBER = 1234;
// An ALTCHA challenge as GET /api/auth/challenge answers it: SHA-256(salt + number).
const PUZZLE = {
  algorithm: 'SHA-256',
  challenge: createHash('sha256').update(`${SALT}${NUMBER}`).digest('hex'),
  maxNumber: 5000,
  salt: SALT,
  signature: 'signed-by-the-server',
};
const CHALLENGED = { status: 429, body: { message: 'Many failed sign-ins...', code: 'challenge_required' } };

function renderLogin(route = '/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route },
  );
}

function sentBodies(fetchMock, path) {
  return fetchMock.mock.calls.filter(([url, init]) => url === path && init.method === 'POST').map(([, init]) => init.body);
}

test('under a flood the sign-in solves the challenge and sends the password again', async () => {
  const token = makeToken(USER);
  let attempts = 0;
  const fetchMock = mockFetch({
    'POST /api/auth/login': () => {
      attempts += 1;
      return attempts === 1 ? CHALLENGED : { status: 200, body: { token, user: USER, message: 'Login successful' } };
    },
    'GET /api/auth/challenge': { status: 200, body: PUZZLE },
  });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByText('Home page')).toBeInTheDocument();
  const [first, second] = sentBodies(fetchMock, '/api/auth/login');
  expect(first).toEqual({ password: 'secret1' });
  expect(second.password).toBe('secret1');
  expect(JSON.parse(atob(second.altcha))).toEqual({
    algorithm: 'SHA-256',
    challenge: PUZZLE.challenge,
    number: NUMBER,
    salt: SALT,
    signature: PUZZLE.signature,
  });
});

test('the page says a check is running while the browser solves it', async () => {
  let release;
  const solved = new Promise((resolve) => {
    release = resolve;
  });
  let attempts = 0;
  mockFetch({
    'POST /api/auth/login': () => {
      attempts += 1;
      return attempts === 1 ? CHALLENGED : solved;
    },
    'GET /api/auth/challenge': { status: 200, body: PUZZLE },
  });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByText(CHECKING_TEXT)).toBeInTheDocument();
  release({ status: 401, body: { message: 'Invalid password' } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
  expect(screen.queryByText(CHECKING_TEXT)).not.toBeInTheDocument();
});

test('a plain 429 is said as it is: no challenge fetched', async () => {
  const fetchMock = mockFetch({
    'POST /api/auth/login': { status: 429, body: { message: 'Too many attempts. Please try again later.', code: 'throttled' } },
  });
  const { user } = renderLogin();
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Enter' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/challenge')).toBe(false);
});

test('sign-up solves it too', async () => {
  const token = makeToken(USER);
  let attempts = 0;
  const fetchMock = mockFetch({
    'POST /api/auth/password-check': { status: 200, body: { ok: true, problems: [] } },
    'POST /api/auth/register': () => {
      attempts += 1;
      return attempts === 1 ? CHALLENGED : { status: 201, body: { token, user: USER, message: 'Registration successful' } };
    },
    'GET /api/auth/challenge': { status: 200, body: PUZZLE },
  });
  const { user } = renderLogin('/login?mode=signup');
  await user.type(screen.getByLabelText('Full name'), 'Sam');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'amber-kettle-42');
  await user.type(screen.getByLabelText('Registration code'), 'WELCOME');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(await screen.findByText('Home page')).toBeInTheDocument();
  const bodies = sentBodies(fetchMock, '/api/auth/register');
  expect(bodies).toHaveLength(2);
  expect(bodies[1].altcha).toEqual(expect.any(String));
});
