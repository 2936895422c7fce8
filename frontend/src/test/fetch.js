// Network mock at the fetch layer: `mockFetch({'GET /api/products': {status, body}})`.
let unmatched = [];

export function takeUnmatchedFetches() {
  const list = unmatched;
  unmatched = [];
  return list;
}

const NETWORK_ERROR = Symbol('networkError');

// A handler that fails like fetch does when the browser is offline.
export function networkError() {
  const handler = () => {
    throw new TypeError('Failed to fetch');
  };
  handler[NETWORK_ERROR] = true;
  return handler;
}

function makeResponse({ status = 200, body, headers = {} } = {}) {
  const text = body === undefined || body === null || status === 204 ? '' : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries({ 'content-type': 'application/json', ...headers }).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name) => lower[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(text ? JSON.parse(text) : null),
  };
}

function parseBody(body) {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function mockFetch(handlers = {}) {
  const fn = jest.fn(async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input.url;
    const method = (init.method || 'GET').toUpperCase();
    // Tests read calls[i][1].body as the object that was sent.
    if (init && typeof init.body === 'string') init.body = parseBody(init.body);
    if (init && !init.method) init.method = method;
    const { pathname } = new URL(url, 'http://localhost');
    const key = `${method} ${pathname.replace(/\/$/, '') || '/'}`;
    const handler = handlers[key] ?? handlers[`${method} ${pathname}`];
    if (handler === undefined) {
      unmatched.push(`${method} ${pathname}`);
      throw new Error(`mockFetch: no handler for ${key}`);
    }
    const answer = typeof handler === 'function' ? await handler(url, init) : handler;
    return makeResponse(answer);
  });
  global.fetch = fn;
  return fn;
}
