import { act, render, renderHook } from '@testing-library/react';
import { useDebouncedValue, useEscape, useInfiniteScroll } from '../hooks';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setPage({ scrollHeight, innerHeight, scrollY }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: scrollY });
}

afterEach(() => {
  delete document.documentElement.scrollHeight;
  setPage({ scrollHeight: 0, innerHeight: 768, scrollY: 0 });
});

test('useDebouncedValue settles after the delay only', () => {
  const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 500), { initialProps: { v: 'a' } });
  rerender({ v: 'ab' });
  act(() => jest.advanceTimersByTime(300));
  rerender({ v: 'abc' });
  act(() => jest.advanceTimersByTime(499));
  expect(result.current).toBe('a');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current).toBe('abc');
});

test('infinite scroll fires at 75% depth after 100 ms, not before', () => {
  setPage({ scrollHeight: 4000, innerHeight: 1000, scrollY: 0 });
  const fetchNextPage = jest.fn();
  renderHook(() => useInfiniteScroll({ hasNextPage: true, isFetching: false, fetchNextPage }));
  act(() => jest.advanceTimersByTime(200));
  expect(fetchNextPage).not.toHaveBeenCalled();

  // (1900 + 1000) / 4000 = 72.5%: not yet.
  window.scrollY = 1900;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(200);
  });
  expect(fetchNextPage).not.toHaveBeenCalled();

  // (2000 + 1000) / 4000 = 75%; several scroll events in 100 ms count once.
  window.scrollY = 2000;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(50);
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(99);
  });
  expect(fetchNextPage).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(fetchNextPage).toHaveBeenCalledTimes(1);
});

test('infinite scroll loads more when the page cannot scroll yet, and never while fetching or at the end', () => {
  setPage({ scrollHeight: 500, innerHeight: 1000, scrollY: 0 });
  const fetchNextPage = jest.fn();
  const { rerender } = renderHook((props) => useInfiniteScroll({ fetchNextPage, ...props }), {
    initialProps: { hasNextPage: true, isFetching: true },
  });
  act(() => jest.advanceTimersByTime(150));
  expect(fetchNextPage).not.toHaveBeenCalled();
  rerender({ hasNextPage: false, isFetching: false });
  act(() => jest.advanceTimersByTime(150));
  expect(fetchNextPage).not.toHaveBeenCalled();
  rerender({ hasNextPage: true, isFetching: false });
  act(() => jest.advanceTimersByTime(150));
  expect(fetchNextPage).toHaveBeenCalledTimes(1);
});

test('useEscape calls the handler only while active', () => {
  const handler = jest.fn();
  function Probe({ active }) {
    useEscape(handler, active);
    return null;
  }
  const { rerender } = render(<Probe active={false} />);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(handler).not.toHaveBeenCalled();
  rerender(<Probe active />);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(handler).toHaveBeenCalledTimes(1);
});
