import { act, render, screen } from '@testing-library/react';
import { makeToken } from '../../test/render';
import { RECHECK_MS, SESSION_EXPIRED_TEXT, SessionProvider, decodeToken, isTokenExpired, useSession } from '../session';

const ALICE = { id: 7, name: 'Alice', email: 'alice@example.com', role: 'customer' };

function Probe() {
  const { status, user, isAdmin, signOut, notice } = useSession();
  return (
    <div>
      <span data-testid="notice">{notice ?? 'no notice'}</span>
      <span data-testid="status">{status}</span>
      <span data-testid="user">{user ? `${user.id}:${user.name}:${user.email}:${user.role}` : 'none'}</span>
      <span data-testid="admin">{String(isAdmin)}</span>
      <button type="button" onClick={signOut}>
        out
      </button>
    </div>
  );
}

const renderSession = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

test('decodeToken reads the payload and refuses garbage', () => {
  const payload = decodeToken(makeToken(ALICE));
  expect(payload).toMatchObject({ userId: 7, email: 'alice@example.com', role: 'customer' });
  expect(decodeToken('not-a-token')).toBeNull();
  expect(decodeToken('a.%%%.c')).toBeNull();
  expect(decodeToken(null)).toBeNull();
});

test('isTokenExpired compares exp (seconds) with now (ms)', () => {
  expect(isTokenExpired({ exp: 100 }, 99_999)).toBe(false);
  expect(isTokenExpired({ exp: 100 }, 100_000)).toBe(true);
  expect(isTokenExpired({}, 0)).toBe(true);
  expect(isTokenExpired(null, 0)).toBe(true);
});

test('a valid stored token signs the user in on load', () => {
  localStorage.setItem('token', makeToken(ALICE));
  localStorage.setItem('user', JSON.stringify(ALICE));
  renderSession();
  expect(screen.getByTestId('status')).toHaveTextContent('ready');
  expect(screen.getByTestId('user')).toHaveTextContent('7:Alice:alice@example.com:customer');
});

test('the role comes from the token, not from the stored user', () => {
  localStorage.setItem('token', makeToken(ALICE));
  localStorage.setItem('user', JSON.stringify({ ...ALICE, role: 'admin' }));
  renderSession();
  expect(screen.getByTestId('admin')).toHaveTextContent('false');
});

test('an expired token is cleared on load', () => {
  localStorage.setItem('token', makeToken(ALICE, { expiresInSeconds: -10 }));
  localStorage.setItem('user', JSON.stringify(ALICE));
  renderSession();
  expect(screen.getByTestId('user')).toHaveTextContent('none');
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();
});

test('an unreadable token is cleared on load', () => {
  localStorage.setItem('token', 'garbage');
  renderSession();
  expect(screen.getByTestId('user')).toHaveTextContent('none');
  expect(localStorage.getItem('token')).toBeNull();
});

test('the 5-minute recheck signs out once the token has expired', () => {
  jest.useFakeTimers();
  try {
    localStorage.setItem('token', makeToken(ALICE, { expiresInSeconds: 400 }));
    localStorage.setItem('user', JSON.stringify(ALICE));
    renderSession();
    expect(screen.getByTestId('user')).toHaveTextContent('7:Alice');
    act(() => jest.advanceTimersByTime(RECHECK_MS));
    // 300 s in: still valid.
    expect(screen.getByTestId('user')).toHaveTextContent('7:Alice');
    act(() => jest.advanceTimersByTime(RECHECK_MS));
    // 600 s in: the 400 s token has expired.
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(localStorage.getItem('token')).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test('a refused token reported by the api client signs out', () => {
  localStorage.setItem('token', makeToken(ALICE));
  renderSession();
  act(() => {
    window.dispatchEvent(new Event('session:expired'));
  });
  expect(screen.getByTestId('user')).toHaveTextContent('none');
});

test("the server's reason for a refused token is kept for the sign-in page; choosing to sign out gives none", () => {
  localStorage.setItem('token', makeToken(ALICE));
  localStorage.setItem('user', JSON.stringify(ALICE));
  renderSession();
  act(() => {
    window.dispatchEvent(
      new CustomEvent('session:expired', { detail: { message: 'Your password was changed. Please sign in with the new one.' } }),
    );
  });
  expect(screen.getByTestId('user')).toHaveTextContent('none');
  expect(screen.getByTestId('notice')).toHaveTextContent('Your password was changed. Please sign in with the new one.');
  act(() => {
    window.dispatchEvent(new Event('session:expired'));
  });
  expect(screen.getByTestId('notice')).toHaveTextContent(SESSION_EXPIRED_TEXT);
  act(() => screen.getByText('out').click());
  expect(screen.getByTestId('notice')).toHaveTextContent('no notice');
});
