import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, toastTop, useToast } from '../toast';

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

test('toasts open below the page header, clear of its controls', async () => {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <header data-testid="header">Shop</header>
      <Buttons />
    </ToastProvider>,
  );
  jest
    .spyOn(screen.getByTestId('header'), 'getBoundingClientRect')
    .mockReturnValue({ top: 0, bottom: 164.4, left: 0, right: 1366, width: 1366, height: 164.4 });
  await user.click(screen.getByText('ok'));
  expect(screen.getByRole('status')).toHaveStyle({ top: 'calc(164px + 0.75rem)' });
});

test('with no header, or one scrolled away, toasts open at the top', () => {
  const doc = document.implementation.createHTMLDocument('');
  expect(toastTop(doc)).toBe(0);
  const header = doc.createElement('header');
  doc.body.append(header);
  header.getBoundingClientRect = () => ({ bottom: -40 });
  expect(toastTop(doc)).toBe(0);
});
