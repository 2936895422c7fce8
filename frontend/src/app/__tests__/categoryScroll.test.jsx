import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { CategoryTabs } from '../CategoryTabs';
import { pageShift, scrollEdges, scrollToShow, wheelShift } from '../categoryScroll';

const strip = (scrollLeft, scrollWidth = 1800, clientWidth = 1200) => ({ scrollLeft, scrollWidth, clientWidth });

test('arrows and fades show on the side where more categories wait', () => {
  expect(scrollEdges(strip(0))).toEqual({ more_before: false, more_after: true });
  expect(scrollEdges(strip(300))).toEqual({ more_before: true, more_after: true });
  expect(scrollEdges(strip(600))).toEqual({ more_before: true, more_after: false });
  expect(scrollEdges(strip(0, 1200))).toEqual({ more_before: false, more_after: false });
});

test('a vertical wheel turn over the strip scrolls it sideways until an end', () => {
  expect(wheelShift({ deltaX: 0, deltaY: 100 }, strip(0))).toBe(100);
  expect(wheelShift({ deltaX: 0, deltaY: 100 }, strip(550))).toBe(50);
  expect(wheelShift({ deltaX: 0, deltaY: 100 }, strip(600))).toBe(0); // the page scrolls instead
  expect(wheelShift({ deltaX: 0, deltaY: -100 }, strip(40))).toBe(-40);
  expect(wheelShift({ deltaX: 80, deltaY: 10 }, strip(0))).toBe(0); // a trackpad swipe is native
  expect(wheelShift({ deltaX: 0, deltaY: 100 }, strip(0, 1200))).toBe(0);
});

test('an arrow moves most of the strip; the chosen tab is scrolled into sight', () => {
  expect(pageShift(1, { clientWidth: 1000 })).toBe(800);
  expect(pageShift(-1, { clientWidth: 100 })).toBe(-120);
  expect(scrollToShow({ offsetLeft: 1500, offsetWidth: 100 }, strip(0))).toBe(416);
  expect(scrollToShow({ offsetLeft: 20, offsetWidth: 100 }, strip(300))).toBe(4);
  expect(scrollToShow({ offsetLeft: 400, offsetWidth: 100 }, strip(300))).toBe(300);
});

test('the strip offers "More categories" when tabs hide to the right, and the wheel scrolls it', () => {
  const { container } = renderWithProviders(<CategoryTabs />);
  const scroller = container.querySelector('.category-tabs__scroller');
  Object.defineProperties(scroller, { scrollWidth: { value: 1800, configurable: true }, clientWidth: { value: 1200, configurable: true } });
  expect(screen.queryByRole('button', { name: 'More categories' })).not.toBeInTheDocument();
  fireEvent.scroll(scroller);
  expect(screen.getByRole('button', { name: 'More categories' })).toBeInTheDocument();
  fireEvent.wheel(scroller, { deltaY: 700 });
  expect(scroller.scrollLeft).toBe(600);
  fireEvent.scroll(scroller);
  // At the end the arrow stays, disabled, keeping its room: the strip never changes width.
  expect(screen.getByRole('button', { name: 'More categories' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Previous categories' })).toBeEnabled();
});
