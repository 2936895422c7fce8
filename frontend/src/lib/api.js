// @ts-check
// The one door to the server: every call goes through apiFetch so that auth, error shapes and
// the "session expired" sign-out behave the same everywhere. Types: the server's shapes are
// generated from its OpenAPI schema into api-types.d.ts (make api-types); each feature's api.js
// names the ones it answers with.

/** @typedef {import('./api-types').components['schemas']} Schemas */
/** @typedef {Schemas['Error']} ErrorBody the server's error shape: {message, errors?} */
/**
 * A server answer as parsed JSON. `any` on purpose: each feature's api.js declares the generated
 * type of the answers it reads (`@returns {Promise<Product>}`).
 * @typedef {any} Answer
 */
/**
 * @typedef {object} RequestOptions
 * @property {string} [method]
 * @property {unknown} [body] sent as JSON
 * @property {FormData} [formData] sent as multipart instead of `body`
 * @property {Record<string, string>} [headers]
 * @property {AbortSignal} [signal]
 * @property {boolean} [auth] send the token (default true)
 * @property {boolean} [blob] answer a success's body as a Blob
 */
/** @typedef {Omit<RequestOptions, 'method' | 'body' | 'blob'>} CallOptions */
/**
 * @typedef {object} UploadOptions
 * @property {(fraction: number) => void} [onProgress]
 * @property {boolean} [auth]
 * @property {Record<string, string | null | undefined>} [headers]
 */
export const API_BASE = '/api';
export const NETWORK_MESSAGE = 'Network error. Please try again.';
export const SESSION_EXPIRED_EVENT = 'session:expired';

export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number} [status] 0 when the server was never reached
   * @param {Record<string, unknown>} [errors] the server's per-field errors
   * @param {{isNetwork?: boolean, serverMessage?: string | null, code?: string | null}} [details]
   */
  constructor(message, status = 0, errors = undefined, { isNetwork = false, serverMessage = null, code = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.isNetwork = isNetwork;
    // The server's own sentence, kept apart from the generic "Request failed (500)".
    this.serverMessage = serverMessage;
    // The answer's stable code (e.g. `challenge_required`), for a client that branches on it.
    this.code = code;
  }
}

export function getToken() {
  try {
    return window.localStorage.getItem('token');
  } catch {
    return null;
  }
}

/** @param {string} text */
function parseBody(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * @param {Answer} data
 * @param {string} field
 * @returns {string | null}
 */
function textOf(data, field) {
  const value = data && data[field];
  return typeof value === 'string' && value ? value : null;
}

/**
 * @param {number} status
 * @param {Answer} data
 * @param {boolean} sentToken
 * @returns {Answer}
 */
function settle(status, data, sentToken) {
  if (status >= 200 && status < 300) return status === 204 ? null : data;
  const message = textOf(data, 'message');
  // A refused token (expired, or revoked by a password change) ends the session everywhere.
  if (status === 401 && sentToken && typeof window !== 'undefined') {
    // The server's sentence says why (an expired session, or a password an admin changed).
    window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: { message } }));
  }
  const code = textOf(data, 'code');
  throw new ApiError(message || `Request failed (${status})`, status, data?.errors, { serverMessage: message, code });
}

// The fetch options: JSON (or a multipart form) with the token unless `auth` is false.
/**
 * @param {Omit<RequestOptions, 'auth' | 'blob'>} options
 * @param {string | null} token
 */
function requestInit({ method = 'GET', body, formData, headers, signal }, token) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: { Accept: 'application/json', ...headers } };
  if (signal) init.signal = signal;
  if (formData) {
    init.body = formData;
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (token) init.headers.Authorization = `Bearer ${token}`;
  return init;
}

// fetch, with a failure that never reached the server (not a cancel) as the network ApiError.
/**
 * @param {string} url
 * @param {RequestInit} init
 */
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (err && /** @type {{name?: string}} */ (err).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_MESSAGE, 0, undefined, { isNetwork: true });
  }
}

/** @param {Response} response */
async function readBody(response) {
  if (response.status === 204) return null;
  if (typeof response.text === 'function') return parseBody(await response.text());
  if (typeof response.json === 'function') return response.json().catch(() => null);
  return null;
}

// The answer's body and the response itself (for headers such as ETag).
// `blob: true` answers a success's body as a Blob (a file to save, such as a CSV report).
/**
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<{data: Answer, response: Response}>}
 */
async function request(path, { auth = true, blob = false, ...options } = {}) {
  const token = auth ? getToken() : null;
  const response = await send(`${API_BASE}${path}`, requestInit(options, token));
  if (blob && response.ok && typeof response.blob === 'function') return { data: await response.blob(), response };
  return { data: settle(response.status, await readBody(response), Boolean(token)), response };
}

/**
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<Answer>}
 */
export async function apiFetch(path, options) {
  return (await request(path, options)).data;
}

// A resource with its version: `{data, etag}`, the ETag to send back as If-Match so a write made
// from a stale copy is refused (412) instead of overwriting someone else's change.
/**
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<{data: Answer, etag: string | null}>}
 */
export async function apiFetchVersioned(path, options) {
  const { data, response } = await request(path, options);
  return { data, etag: response.headers?.get?.('ETag') ?? null };
}

// A read that costs the server a 304 when nothing changed: it sends If-None-Match with the ETag
// of the copy held, and answers `notModified: true` (no data) then. For what is polled.
/**
 * @param {string} path
 * @param {string | null | undefined} etag
 * @param {CallOptions} [options]
 * @returns {Promise<{data: Answer, etag: string | null, notModified: boolean}>}
 */
export async function apiFetchIfChanged(path, etag, { signal } = {}) {
  const token = getToken();
  const headers = etag ? { 'If-None-Match': etag } : undefined;
  const response = await send(`${API_BASE}${path}`, requestInit({ method: 'GET', headers, signal }, token));
  if (response.status === 304) return { data: null, etag: etag ?? null, notModified: true };
  const data = settle(response.status, await readBody(response), Boolean(token));
  return { data, etag: response.headers?.get?.('ETag') ?? null, notModified: false };
}

/** @param {Record<string, unknown> | undefined} params */
export function queryString(params) {
  if (!params) return '';
  const search = new URLSearchParams();
  Object.entries(params).forEach(([key, value]) => {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  });
  const text = search.toString();
  return text ? `?${text}` : '';
}

// Multipart uploads go through XMLHttpRequest because fetch cannot report upload progress.
/**
 * @param {string} method
 * @param {string} path
 * @param {FormData} formData
 * @param {UploadOptions} [options]
 * @returns {Promise<Answer>}
 */
function upload(method, path, formData, { onProgress, auth = true, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    Object.entries(headers).forEach(([name, value]) => {
      if (value !== undefined && value !== null) xhr.setRequestHeader(name, value);
    });
    const token = auth ? getToken() : null;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress && xhr.upload) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.onload = () => {
      try {
        resolve(settle(xhr.status, parseBody(xhr.responseText), Boolean(token)));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0, undefined, { isNetwork: true }));
    xhr.onabort = xhr.onerror;
    xhr.send(formData);
  });
}

export const api = {
  /** @type {(path: string, params?: Record<string, unknown>, opts?: CallOptions) => Promise<Answer>} */
  get: (path, params, opts) => apiFetch(`${path}${queryString(params)}`, { ...opts, method: 'GET' }),
  /** @type {(path: string, opts?: CallOptions) => Promise<{data: Answer, etag: string | null}>} */
  getVersioned: (path, opts) => apiFetchVersioned(path, { ...opts, method: 'GET' }),
  // A file with the token: `{blob, filename}` (the name from Content-Disposition, when sent).
  /** @type {(path: string, params?: Record<string, unknown>, opts?: CallOptions) => Promise<{blob: Blob, filename: string | null}>} */
  getFile: async (path, params, opts) => {
    const { data, response } = await request(`${path}${queryString(params)}`, { ...opts, method: 'GET', blob: true });
    const disposition = response.headers?.get?.('Content-Disposition') || '';
    const match = /filename="?([^";]+)"?/i.exec(disposition);
    return { blob: data, filename: match ? match[1] : null };
  },
  /** @type {(path: string, body?: unknown, opts?: CallOptions) => Promise<Answer>} */
  post: (path, body, opts) => apiFetch(path, { ...opts, method: 'POST', body }),
  /** @type {(path: string, body?: unknown, opts?: CallOptions) => Promise<Answer>} */
  put: (path, body, opts) => apiFetch(path, { ...opts, method: 'PUT', body }),
  /** @type {(path: string, body?: unknown, opts?: CallOptions) => Promise<Answer>} */
  del: (path, body, opts) => apiFetch(path, { ...opts, method: 'DELETE', body }),
  upload,
};

// A server message is preferred when present; `fallback` otherwise.
/**
 * @param {Partial<ApiError> | null | undefined} err
 * @param {string} fallback
 * @returns {string}
 */
export function serverMessage(err, fallback) {
  if (err && /** @type {number} */ (err.status) >= 400 && err.serverMessage) return err.serverMessage;
  return fallback;
}
