// Network mock at the fetch layer: `mockFetch({'GET /api/products': {status, body}})`.
import CATEGORIES from './fixtures/categories.json';
import SHOP_INFO from './fixtures/shopInfo.json';

// Every screen reads the shop's rules and categories; tests get the server's own answers
// (common/tests/test_shop_info.py checks these files against the server) unless they override.
export const SERVER_DEFAULTS = {
  'GET /api/shop/info': { status: 200, body: SHOP_INFO },
  'GET /api/categories': { status: 200, body: CATEGORIES },
  // An open Orders, Today or Rides page polls the back office's news: nothing new unless a test says so.
  'GET /api/announcements': { status: 200, body: { latestOrderId: null, latestRideId: null, orders: [], rides: [] } },
  // The shop front asks what the rules let be sold at the cart's place: nothing refused unless a test says so.
  'GET /api/compliance/check': { status: 200, body: { blocked: [], notices: [] } },
};

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

// A response as fetch would give it (also for the setup's default fetch).
export function serverAnswer({ status = 200, body, headers = {} } = {}) {
  const text = body === undefined || body === null || status === 204 ? '' : JSON.stringify(body);
  const lower = Object.fromEntries(
    Object.entries({ 'content-type': 'application/json', ...headers }).map(([k, v]) => [k.toLowerCase(), v]),
  );
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

export function mockFetch(ownHandlers = {}) {
  const handlers = { ...SERVER_DEFAULTS, ...ownHandlers };
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
    return serverAnswer(answer);
  });
  global.fetch = fn;
  return fn;
}

// The calls that change something (everything but GET): what most tests assert on.
export function writeCalls(fetchMock) {
  return fetchMock.mock.calls.filter(([, init]) => (init?.method || 'GET').toUpperCase() !== 'GET');
}
