import { createHash, webcrypto } from 'crypto';
import { api } from '../api';
import { withChallenge } from '../challenge';
import { mockFetch } from '../../test/fetch';

beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

const SALT = 'f00d?expires=4102444800&';
const PUZZLE = {
  algorithm: 'SHA-256',
  challenge: createHash('sha256').update(`${SALT}77`).digest('hex'),
  maxNumber: 1000,
  salt: SALT,
  signature: 'signed',
};

test('a password change asked for a challenge solves it and is sent once more', async () => {
  const bodies = [];
  mockFetch({
    'PUT /api/auth/me/password': (url, init) => {
      bodies.push(init.body);
      return bodies.length === 1
        ? { status: 429, body: { message: 'Solve it first.', code: 'challenge_required' } }
        : { status: 200, body: { token: 't', user: {}, message: 'Password updated successfully' } };
    },
    'GET /api/auth/challenge': { status: 200, body: PUZZLE },
  });
  const change = { currentPassword: 'old-one-1', newPassword: 'new-one-22' };

  const answer = await withChallenge((extra) => api.put('/auth/me/password', { ...change, ...extra }));

  expect(answer.message).toBe('Password updated successfully');
  expect(bodies[0]).toEqual(change);
  expect(JSON.parse(atob(bodies[1].altcha)).number).toBe(77);
});

test('any other refusal is passed on as it came', async () => {
  const fetchMock = mockFetch({
    'PUT /api/auth/me/password': { status: 429, body: { message: 'Too many attempts.', code: 'throttled' } },
  });

  await expect(withChallenge(() => api.put('/auth/me/password', {}))).rejects.toMatchObject({ status: 429, code: 'throttled' });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
