// jest setup for every frontend test: jsdom gaps, clean storage, a fetch that must be mocked.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';
import { takeUnmatchedFetches } from './fetch';

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

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  global.fetch = jest.fn((url, init) =>
    Promise.reject(new Error(`fetch was called without mockFetch(): ${(init && init.method) || 'GET'} ${url}`)),
  );
});

afterEach(() => {
  localStorage.clear();
  const unmatched = takeUnmatchedFetches();
  if (unmatched.length) {
    throw new Error(`Unmatched fetch call(s), add a mockFetch handler for: ${unmatched.join(', ')}`);
  }
});
