import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Carousel, swipeDirection } from '../Carousel';

const items = [
  { id: 1, t: 'One' },
  { id: 2, t: 'Two' },
  { id: 3, t: 'Three' },
];
const renderCarousel = (props) => render(<Carousel items={items} label="Featured" renderItem={(item) => <p>{item.t}</p>} {...props} />);
const visible = () => screen.getAllByRole('group', { hidden: true }).find((g) => !g.hidden).textContent;

test('arrows wrap around and dots jump', async () => {
  const user = userEvent.setup();
  renderCarousel();
  expect(visible()).toBe('One');
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(visible()).toBe('Three');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(visible()).toBe('One');
  await user.click(screen.getByRole('button', { name: 'Go to slide 2' }));
  expect(visible()).toBe('Two');
  expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
});

test('a swipe beyond 50 px changes slide, a shorter one does not', () => {
  renderCarousel();
  const viewport = document.querySelector('.carousel__viewport');
  const swipe = (from, to) => {
    fireEvent.touchStart(viewport, { touches: [{ clientX: from }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: to }] });
  };
  swipe(200, 160);
  expect(visible()).toBe('One');
  swipe(200, 140);
  expect(visible()).toBe('Two');
  swipe(100, 170);
  expect(visible()).toBe('One');
});

test('swipeDirection uses the threshold strictly', () => {
  expect(swipeDirection(100, 50)).toBe(0);
  expect(swipeDirection(100, 49)).toBe(1);
  expect(swipeDirection(50, 101)).toBe(-1);
  expect(swipeDirection(null, 10)).toBe(0);
});

test('a single item has no controls; none renders nothing', () => {
  const { container, rerender } = render(<Carousel items={[items[0]]} label="x" renderItem={(i) => i.t} />);
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  rerender(<Carousel items={[]} label="x" renderItem={(i) => i.t} />);
  expect(container).toBeEmptyDOMElement();
});
