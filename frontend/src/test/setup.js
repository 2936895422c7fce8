// jest setup for every frontend test: jsdom gaps, clean storage, a fetch that must be mocked.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';
import { setShopTimeZone } from '../lib/format';
import { SERVER_DEFAULTS, serverAnswer, takeUnmatchedFetches } from './fetch';
import SHOP_INFO from './fixtures/shopInfo.json';

// findBy*/waitFor give up after 1 s by default: a lazily loaded screen (the dashboard brings
// its chart library) can take longer to transform and render on a busy machine. A screen that
// never appears still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// react-router 7 needs these under jsdom.
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;

if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
}
// jsdom logs "not implemented" for these.
window.scrollTo = () => {};
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Dates read in the shop's zone, as they do once the app has its shop info (tests of the
// formatters call them without rendering a screen that reads it).
setShopTimeZone(SHOP_INFO.timeZone);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The shop's rules and categories (read by nearly every screen) answer as the server does;
  // any other call must be mocked with mockFetch().
  global.fetch = jest.fn((url, init) => {
    const method = (init && init.method) || 'GET';
    const answer = SERVER_DEFAULTS[`${method} ${new URL(url, 'http://localhost').pathname}`];
    if (answer) return Promise.resolve(serverAnswer(answer));
    return Promise.reject(new Error(`fetch was called without mockFetch(): ${method} ${url}`));
  });
});

afterEach(() => {
  localStorage.clear();
  const unmatched = takeUnmatchedFetches();
  if (unmatched.length) {
    throw new Error(`Unmatched fetch call(s), add a mockFetch handler for: ${unmatched.join(', ')}`);
  }
});
