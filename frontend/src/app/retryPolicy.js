// When a failed load is tried again. A 4xx answer will not change on retry, and a 5xx carries the
// server's own message, which the shopper should read at once rather than after seconds of
// spinning; only a request that never reached the server (a dropped connection) gets one quick
// second try.
export const RETRY_DELAY_MS = 300;

export function shouldRetry(failures, error) {
  return Boolean(error?.isNetwork) && failures < 1;
}

export function retryDelay() {
  return RETRY_DELAY_MS;
}
