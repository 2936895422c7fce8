import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from '../toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved')}>ok</button>
      <button type="button" onClick={() => toast.error('Broken', 5000)}>bad</button>
    </>
  );
}

test('a toast shows for 1500 ms, then slides out for 300 ms', () => {
  jest.useFakeTimers();
  try {
    render(<ToastProvider><Buttons /></ToastProvider>);
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
  render(<ToastProvider><Buttons /></ToastProvider>);
  await user.click(screen.getByText('bad'));
  expect(screen.getByText('Broken').closest('.toast')).toHaveClass('toast--error');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.getByText('Broken').closest('.toast')).toHaveClass('toast--leaving');
  await act(() => new Promise((r) => setTimeout(r, 350)));
  expect(screen.queryByText('Broken')).not.toBeInTheDocument();
});
