import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { Drawer } from '../Drawer';
import { MessageDialog } from '../MessageDialog';
import { Modal } from '../Modal';

function Harness({ Component = Modal }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Component open={open} onClose={() => setOpen(false)} title="Edit product">
        <input aria-label="Name" />
        <button type="button">Save</button>
      </Component>
    </>
  );
}

test.each([
  ['Modal', Modal],
  ['Drawer', Drawer],
])('%s: labelled dialog, focus trapped, Escape closes, focus returns', async (_, Component) => {
  const user = userEvent.setup();
  render(<Harness Component={Component} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Edit product' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  // First focusable inside is the header close button.
  const close = screen.getByRole('button', { name: 'Close' });
  expect(close).toHaveFocus();
  await user.tab();
  expect(screen.getByLabelText('Name')).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  await user.tab();
  expect(close).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('Escape closes only the top-most dialog', async () => {
  const user = userEvent.setup();
  const outerClose = jest.fn();
  const innerClose = jest.fn();
  render(
    <>
      <Modal open onClose={outerClose} title="Outer">
        outer
      </Modal>
      <Modal open onClose={innerClose} title="Inner">
        inner
      </Modal>
    </>,
  );
  await user.keyboard('{Escape}');
  expect(innerClose).toHaveBeenCalledTimes(1);
  expect(outerClose).not.toHaveBeenCalled();
});

test('ConfirmDialog focuses Cancel first and reports the choice', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ConfirmDialog
      open
      danger
      title="Delete product"
      message="Are you sure?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  expect(screen.getByRole('dialog', { name: 'Delete product' })).toHaveTextContent('Are you sure?');
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button--danger');
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalled();
});

test('MessageDialog closes itself after 3 s only when autoClose is on', () => {
  jest.useFakeTimers();
  try {
    const onClose = jest.fn();
    const { rerender } = render(<MessageDialog open type="success" title="Request Submitted!" message="Thanks" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Request Submitted!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<MessageDialog open={false} title="x" message="y" onClose={onClose} autoClose={false} />);
    rerender(<MessageDialog open title="x" message="y" onClose={onClose} autoClose={false} />);
    act(() => jest.advanceTimersByTime(10000));
    expect(onClose).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});
