// One Idempotency-Key per checkout attempt (docs/api.md, Orders): the key belongs to the exact
// request body, so a retry of the same cart and form (after a network error, when the first
// request may have placed the order) sends the same key and the server answers the first
// order again, while any edit makes a new key and so a new attempt.

export function newIdempotencyKey() {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (cryptoApi && typeof cryptoApi.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createAttemptKeys(makeKey = newIdempotencyKey) {
  let current = null;
  return {
    keyFor(payload) {
      const body = JSON.stringify(payload);
      if (!current || current.body !== body) current = { body, key: makeKey() };
      return current.key;
    },
    // After a placed order the next checkout is a new order even with an identical cart.
    reset() {
      current = null;
    },
  };
}
