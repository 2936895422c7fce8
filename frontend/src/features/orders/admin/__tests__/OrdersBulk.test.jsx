import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import AdminOrdersPage from '../AdminOrdersPage';
import { order } from './orderBuilder';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const page = (orders) => ({
  status: 200,
  body: { orders, pagination: { page: 1, limit: 25, totalItems: orders.length, totalPages: 1, hasNextPage: false } },
});

const rowBox = (id) => screen.getByRole('checkbox', { name: `Select order ${id}` });

test('rows are selected one by one or all on the page, and the bulk bar counts them', async () => {
  mockFetch({ 'GET /api/orders': page([order(3), order(2), order(1, { status: 'completed' })]) });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  const all = await screen.findByRole('checkbox', { name: 'Select all orders on this page' });
  expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();

  await user.click(rowBox(3));
  const bar = screen.getByRole('region', { name: 'Selected orders' });
  expect(bar).toHaveTextContent('1 order selected');
  expect(all).not.toBeChecked();
  expect(all).toHaveProperty('indeterminate', true);

  await user.click(all);
  expect(bar).toHaveTextContent('3 orders selected');
  expect([3, 2, 1].map((id) => rowBox(id).checked)).toEqual([true, true, true]);
  expect(all).toBeChecked();
  // Print opens the pick lists of exactly the selected orders.
  expect(within(bar).getByRole('link', { name: 'Print' })).toHaveAttribute('href', '/orders/print?id=3,2,1');

  await user.click(rowBox(2));
  expect(bar).toHaveTextContent('2 orders selected');
  expect(within(bar).getByRole('link', { name: 'Print' })).toHaveAttribute('href', '/orders/print?id=3,1');

  await user.click(all);
  await user.click(all);
  expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();
  // Selecting never opens an order.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('bulk complete says how many and that each customer is emailed, then posts the ids once', async () => {
  let done = false;
  const fetchMock = mockFetch({
    'GET /api/orders': () =>
      page([order(3, { status: done ? 'completed' : 'pending' }), order(2, { status: done ? 'completed' : 'pending' })]),
    'POST /api/orders/bulk': () => {
      done = true;
      return {
        status: 200,
        body: {
          message: '2 orders completed.',
          done: 2,
          refused: 0,
          results: [3, 2].map((id) => ({ id, result: 'done', message: 'Order completed.', status: 'completed' })),
        },
      };
    },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await user.click(await screen.findByRole('checkbox', { name: 'Select all orders on this page' }));
  await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: 'Complete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete Orders' });
  expect(dialog).toHaveTextContent('Complete 2 orders (#3, #2)? Inventory will be updated.');
  expect(dialog).toHaveTextContent('An email goes out to each customer.');
  await user.click(within(dialog).getByRole('button', { name: 'Complete 2 orders' }));

  expect(await screen.findByText('2 orders completed.')).toBeInTheDocument();
  const [[url, init], ...others] = writeCalls(fetchMock);
  expect([url, init.method, init.body, others]).toEqual(['/api/orders/bulk', 'POST', { action: 'complete', ids: [3, 2] }, []]);
  // The list is read again: both rows now say Completed, and the selection is gone.
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByText('Completed')).toHaveLength(2));
  expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();
});

test('bulk cancel warns about the orders that moved on and reports each refusal', async () => {
  mockFetch({
    'GET /api/orders': page([order(3), order(2, { status: 'completed' })]),
    'POST /api/orders/bulk': {
      status: 200,
      body: {
        message: '1 order cancelled. 1 refused.',
        done: 1,
        refused: 1,
        results: [
          { id: 3, result: 'done', message: 'Order cancelled. Items returned to stock.', status: 'cancelled' },
          { id: 2, result: 'refused', message: 'Only pending orders can be cancelled. This order is completed.', status: 'completed' },
        ],
      },
    },
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await user.click(await screen.findByRole('checkbox', { name: 'Select all orders on this page' }));
  await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel Orders' });
  expect(dialog).toHaveTextContent('Cancel 2 orders (#3, #2)? Their items go back to stock.');
  expect(dialog).toHaveTextContent('An email goes out to each customer of the 1 order that can be cancelled.');
  expect(dialog).toHaveTextContent('1 order can no longer be cancelled and will be left as it is.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 orders' }));

  expect(
    await screen.findByText('1 order cancelled. 1 refused. #2: Only pending orders can be cancelled. This order is completed.'),
  ).toBeInTheDocument();
});

test('going back from the bulk dialog posts nothing and keeps the selection', async () => {
  const fetchMock = mockFetch({ 'GET /api/orders': page([order(3)]) });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: admin });

  await user.click(await screen.findByRole('checkbox', { name: 'Select order 3' }));
  await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: 'Cancel' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Orders' })).getByRole('button', { name: 'Go Back' }));

  expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('1 order selected');
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/orders/bulk')).toBe(false);
});
