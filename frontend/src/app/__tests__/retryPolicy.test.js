import { ApiError } from '../../lib/api';
import { createQueryClient } from '../App';
import { retryDelay, shouldRetry } from '../retryPolicy';

const network = new ApiError('Network error. Please try again.', 0, undefined, { isNetwork: true });

test('a 4xx or 5xx answer is never retried: its message shows at once', () => {
  for (const status of [400, 401, 403, 404, 409, 429, 500, 503]) {
    expect(shouldRetry(0, new ApiError('no', status, undefined, { serverMessage: 'no' }))).toBe(false);
  }
});

test('a network failure gets one quick retry, and only one', () => {
  expect(shouldRetry(0, network)).toBe(true);
  expect(shouldRetry(1, network)).toBe(false);
  expect(retryDelay(0, network)).toBeLessThanOrEqual(500);
});

test('the app query client uses the policy', () => {
  const defaults = createQueryClient().getDefaultOptions();
  expect(defaults.queries.retry).toBe(shouldRetry);
  expect(defaults.queries.retryDelay).toBe(retryDelay);
  expect(defaults.mutations.retry).toBe(false);
});
