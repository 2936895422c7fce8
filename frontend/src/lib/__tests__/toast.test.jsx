import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from '../toast';
import { toastBottom, toastColumn } from '../toastPlacement';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Broken', 5000)}>
        bad
      </button>
    </>
  );
}

test('a toast shows for 1500 ms, then slides out for 300 ms', () => {
  jest.useFakeTimers();
  try {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => screen.getByText('ok').click());
    const toast = screen.getByText('Saved').closest('.toast');
    expect(toast).toHaveClass('toast--success');
    expect(screen.getByRole('status')).toContainElement(toast);
    act(() => jest.advanceTimersByTime(1499));
    expect(toast).not.toHaveClass('toast--leaving');
    act(() => jest.advanceTimersByTime(1));
    expect(toast).toHaveClass('toast--leaving');
    act(() => jest.advanceTimersByTime(300));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('the close button dismisses a toast', async () => {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  await user.click(screen.getByText('bad'));
  expect(screen.getByText('Broken').closest('.toast')).toHaveClass('toast--error');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.getByText('Broken').closest('.toast')).toHaveClass('toast--leaving');
  await act(() => new Promise((r) => setTimeout(r, 350)));
  expect(screen.queryByText('Broken')).not.toBeInTheDocument();
});

test('successes are announced politely, errors at once, each in a region present beforehand', async () => {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  const polite = screen.getByRole('status');
  const urgent = document.querySelector('[aria-live="assertive"]');
  expect(polite).toHaveAttribute('aria-live', 'polite');
  expect(urgent).toBeEmptyDOMElement();
  await user.click(screen.getByText('ok'));
  await user.click(screen.getByText('bad'));
  expect(polite).toHaveTextContent('Saved');
  expect(polite).not.toHaveTextContent('Broken');
  expect(urgent).toHaveTextContent('Broken');
  // No role="alert" of its own: a form's inline alert stays the only one on the page.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1366, height: 900 };
const rect = (left, top, width, height) => ({ left, top, right: left + width, bottom: top + height });

test('a phone stacks toasts full width at the bottom; a desktop at the bottom right', () => {
  expect(toastColumn({ viewport: PHONE })).toEqual({ left: 12, right: 363 });
  expect(toastColumn({ viewport: DESKTOP })).toEqual({ left: 1366 - 12 - 384, right: 1354 });
  expect(toastBottom({ viewport: PHONE, height: 60, column: toastColumn({ viewport: PHONE }) })).toBe(12);
});

test('with a drawer open on a desktop the stack moves beside it; on a phone it cannot', () => {
  expect(toastColumn({ viewport: DESKTOP, drawerLeft: 918 })).toEqual({ left: 918 - 12 - 384, right: 906 });
  expect(toastColumn({ viewport: PHONE, drawerLeft: 0 })).toEqual({ left: 12, right: 363 });
});

test('the stack rises above the focused control and headings, never into the pinned header', () => {
  const column = toastColumn({ viewport: PHONE });
  // The drawer's footer button has focus at the bottom: the stack goes just above it.
  const placeOrder = rect(16, 730, 343, 44);
  expect(toastBottom({ viewport: PHONE, height: 60, column, avoid: [placeOrder] })).toBe(76);
  // A heading just above too: the stack climbs past it.
  const heading = rect(16, 640, 200, 30);
  const bottom = toastBottom({ viewport: PHONE, height: 60, column, avoid: [placeOrder, heading] });
  expect(PHONE.height - bottom).toBeLessThanOrEqual(640);
  // Something to avoid at every height: back to the bottom rather than over the header.
  const wall = rect(0, 56, 375, 744);
  expect(toastBottom({ viewport: PHONE, height: 60, column, avoid: [wall], topLimit: 56 })).toBe(12);
  // A control outside the stack's column does not move it.
  const aside = rect(0, 700, 300, 40);
  expect(toastBottom({ viewport: DESKTOP, height: 60, column: toastColumn({ viewport: DESKTOP }), avoid: [aside] })).toBe(12);
});

test('on the page, the stack is measured against the focused element', async () => {
  const user = userEvent.setup();
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  Object.defineProperty(document.documentElement, 'clientWidth', { value: 375, configurable: true });
  try {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    jest.spyOn(screen.getByText('ok'), 'getBoundingClientRect').mockReturnValue({ ...rect(16, 740, 100, 44), width: 100, height: 44 });
    await user.click(screen.getByText('ok'));
    const region = document.querySelector('.toast-region');
    expect(region.style.left).toBe('12px');
    expect(region.style.width).toBe('351px');
    // jsdom draws nothing, so the stack is taken as one toast of 56 px: just above the button
    // (800 - 740), plus the phone's safe area.
    expect(region.style.bottom).toMatch(/^calc\(60px \+ env\(/);
  } finally {
    delete window.innerHeight;
    delete document.documentElement.clientWidth;
  }
});
