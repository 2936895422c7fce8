import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { mockFetch } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { PasswordHint } from '../PasswordHint';

const WEAK = {
  ok: false,
  score: 1,
  messages: ["Password must not contain the shop's name. Please choose a different one."],
};
const STRONG = { ok: true, score: 4, messages: [] };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

function PasswordForm() {
  const [password, setPassword] = useState('');
  return (
    <>
      <label htmlFor="pw">Password</label>
      <input id="pw" value={password} onChange={(event) => setPassword(event.target.value)} />
      <PasswordHint password={password} email="sam@example.com" name="Sam" />
    </>
  );
}

const checks = (fetchMock) => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/password-check');
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

test("shows the server's verdict once typing pauses: one request, without the signed-in token", async () => {
  const fetchMock = mockFetch({ 'POST /api/auth/password-check': { status: 200, body: WEAK } });
  // Signed in (as an admin changing someone's password is): the check still goes without a token.
  const { user } = renderWithProviders(<PasswordForm />, { user: ADMIN });
  await user.type(screen.getByLabelText('Password'), 'Corner Shop');

  expect(await screen.findByText(WEAK.messages[0])).toBeInTheDocument();
  expect(screen.getByText('Strength: Weak')).toBeInTheDocument();
  expect(checks(fetchMock)).toHaveLength(1);
  expect(checks(fetchMock)[0][1].body).toEqual({ password: 'Corner Shop', email: 'sam@example.com', name: 'Sam' });
  expect(checks(fetchMock)[0][1].headers.Authorization).toBeUndefined();
});

test('a password that passes the rules says so, and never promises it will be accepted', async () => {
  mockFetch({ 'POST /api/auth/password-check': { status: 200, body: STRONG } });
  const { user } = renderWithProviders(<PasswordForm />);
  await user.type(screen.getByLabelText('Password'), 'amber-kettle-drift-42');

  // Whether another account uses it is answered by saving alone (a 409), so the hint is no oracle.
  expect(await screen.findByText('Passes the strength checks.')).toBeInTheDocument();
  expect(screen.getByText('Strength: Very strong')).toBeInTheDocument();
  expect(screen.queryByText(/will be accepted/i)).not.toBeInTheDocument();
});

test("a refusal of a save takes the hint's place, in the server's words", async () => {
  renderWithProviders(
    <PasswordHint password="amber-kettle-drift-42" check={{ hint: STRONG }} error="Please choose a different password." />,
  );

  expect(screen.getByText('Please choose a different password.')).toBeInTheDocument();
  expect(screen.queryByText(/Strength/)).not.toBeInTheDocument();
});

test('a cleared password hides the hint and asks nothing more', async () => {
  const fetchMock = mockFetch({ 'POST /api/auth/password-check': { status: 200, body: STRONG } });
  const { user } = renderWithProviders(<PasswordForm />);
  await user.type(screen.getByLabelText('Password'), 'amber-kettle-drift-42');
  await screen.findByText('Passes the strength checks.');
  await user.clear(screen.getByLabelText('Password'));
  await pause();

  expect(screen.queryByText(/Strength/)).not.toBeInTheDocument();
  expect(checks(fetchMock)).toHaveLength(1);
});

test('a check that fails shows no hint', async () => {
  mockFetch({ 'POST /api/auth/password-check': { status: 429, body: { message: 'Too many requests' } } });
  const { user } = renderWithProviders(<PasswordForm />);
  await user.type(screen.getByLabelText('Password'), 'amber-kettle-drift-42');
  await pause();

  expect(screen.queryByText(/Strength/)).not.toBeInTheDocument();
  expect(screen.queryByText('Too many requests')).not.toBeInTheDocument();
});
