import { mockFetch, networkError } from '../../test/fetch';
import { ApiError, api, apiFetch, serverMessage } from '../api';

test('a 2xx answer is parsed JSON; 204 is null', async () => {
  mockFetch({
    'GET /api/products': { status: 200, body: { products: [], pagination: { page: 1 } } },
    'DELETE /api/products/3': { status: 204 },
  });
  await expect(api.get('/products', { page: 1, search: '', category: undefined })).resolves.toEqual({
    products: [],
    pagination: { page: 1 },
  });
  await expect(api.del('/products/3')).resolves.toBeNull();
});

test('query parameters skip empty values', async () => {
  const fetchMock = mockFetch({ 'GET /api/products': { status: 200, body: [] } });
  await api.get('/products', { page: 2, limit: 12, search: '', category: null });
  expect(fetchMock.mock.calls[0][0]).toBe('/api/products?page=2&limit=12');
});

test('JSON bodies are sent with the bearer token when signed in', async () => {
  localStorage.setItem('token', 'abc.def.ghi');
  const fetchMock = mockFetch({ 'POST /api/orders/checkout': { status: 201, body: { message: 'ok' } } });
  await api.post('/orders/checkout', { total: 8 });
  const [, init] = fetchMock.mock.calls[0];
  expect(init.method).toBe('POST');
  expect(init.headers.Authorization).toBe('Bearer abc.def.ghi');
  expect(init.headers['Content-Type']).toBe('application/json');
  expect(init.body).toEqual({ total: 8 });
});

test('auth: false sends no token', async () => {
  localStorage.setItem('token', 'abc.def.ghi');
  const fetchMock = mockFetch({ 'POST /api/auth/login': { status: 200, body: { token: 't' } } });
  await api.post('/auth/login', { password: 'x' }, { auth: false });
  expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
});

test("a non-2xx answer throws ApiError with the server's message and field errors", async () => {
  mockFetch({
    'POST /api/auth/register': { status: 400, body: { message: 'Invalid registration code', errors: { registrationCode: ['bad'] } } },
  });
  const err = await api.post('/auth/register', {}).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err.message).toBe('Invalid registration code');
  expect(err.status).toBe(400);
  expect(err.errors).toEqual({ registrationCode: ['bad'] });
  expect(err.isNetwork).toBe(false);
  expect(serverMessage(err, 'fallback')).toBe('Invalid registration code');
});

test('without a server message the error names the status and serverMessage falls back', async () => {
  mockFetch({ 'GET /api/orders': { status: 500, body: {} } });
  const err = await apiFetch('/orders').catch((e) => e);
  expect(err.message).toBe('Request failed (500)');
  expect(serverMessage(err, 'Failed to fetch orders')).toBe('Failed to fetch orders');
});

test('an offline fetch becomes a network ApiError', async () => {
  mockFetch({ 'GET /api/orders': networkError() });
  const err = await apiFetch('/orders').catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err.isNetwork).toBe(true);
  expect(err.status).toBe(0);
  expect(err.message).toBe('Network error. Please try again.');
  expect(serverMessage(err, 'fallback')).toBe('fallback');
});

test('a 401 on an authenticated call signs the session out; a failed login does not', async () => {
  const listener = jest.fn();
  window.addEventListener('session:expired', listener);
  try {
    mockFetch({
      'GET /api/orders': { status: 401, body: { message: 'Token expired' } },
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid password' } },
    });
    await api.post('/auth/login', { password: 'x' }, { auth: false }).catch(() => {});
    expect(listener).not.toHaveBeenCalled();
    localStorage.setItem('token', 'abc.def.ghi');
    await api.get('/orders').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    // The server's reason travels with the event, for the sign-in page to show.
    expect(listener.mock.calls[0][0].detail).toEqual({ message: 'Token expired' });
  } finally {
    window.removeEventListener('session:expired', listener);
  }
});

test('upload sends the form with XMLHttpRequest, reports progress and maps errors', async () => {
  const sent = [];
  class FakeXhr {
    constructor() {
      this.upload = {
        addEventListener: (type, fn) => {
          this.onProgress = fn;
        },
      };
      this.headers = {};
    }
    open(method, url) {
      Object.assign(this, { method, url });
    }
    setRequestHeader(k, v) {
      this.headers[k] = v;
    }
    send() {
      sent.push(this);
      this.onProgress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = this.url.endsWith('/bad') ? 413 : 201;
      this.responseText = JSON.stringify(this.status === 201 ? { id: 1 } : { message: 'Image too large' });
      this.onload();
    }
  }
  const original = global.XMLHttpRequest;
  global.XMLHttpRequest = FakeXhr;
  try {
    localStorage.setItem('token', 'abc.def.ghi');
    const onProgress = jest.fn();
    await expect(api.upload('POST', '/products', new FormData(), { onProgress })).resolves.toEqual({ id: 1 });
    expect(onProgress).toHaveBeenCalledWith(0.5);
    expect(sent[0].headers.Authorization).toBe('Bearer abc.def.ghi');
    const err = await api.upload('PUT', '/products/bad', new FormData()).catch((e) => e);
    expect(err.status).toBe(413);
    expect(err.message).toBe('Image too large');
  } finally {
    global.XMLHttpRequest = original;
  }
});
