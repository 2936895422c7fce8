import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from '..';

const WEAK = {
  ok: false,
  score: 1,
  messages: ["Password must not contain the shop's name. Please choose a different one."],
};

function renderSignup() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route: '/login?mode=signup' },
  );
}

test('the sign-up form shows what the server says of the password, once typing pauses', async () => {
  const fetchMock = mockFetch({ 'POST /api/auth/password-check': { status: 200, body: WEAK } });
  const { user } = renderSignup();
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'Corner Shop');

  expect(await screen.findByText(WEAK.messages[0])).toBeInTheDocument();
  expect(screen.getByText('Strength: Weak')).toBeInTheDocument();
  const checks = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/password-check');
  // Debounced: one request for the whole word, with what was typed so far.
  expect(checks).toHaveLength(1);
  expect(checks[0][1].body).toEqual({ password: 'Corner Shop', email: 'sam@example.com', name: '' });
  expect(checks[0][1].headers.Authorization).toBeUndefined();
});

test('an accepted password says so', async () => {
  mockFetch({ 'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } } });
  const { user } = renderSignup();
  await user.type(screen.getByLabelText('Password'), 'amber-kettle-drift-42');

  expect(await screen.findByText('This password will be accepted.')).toBeInTheDocument();
  expect(screen.getByText('Strength: Very strong')).toBeInTheDocument();
});

test('the sign-in form asks nothing while the password is typed', async () => {
  const fetchMock = mockFetch({});
  const { user } = renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { route: '/login' },
  );
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await act(() => new Promise((resolve) => setTimeout(resolve, 600)));

  expect(fetchMock).not.toHaveBeenCalled();
});
