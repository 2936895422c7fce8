// An admin lowers a line of a pending order, or removes one, each after a confirm; the server
// answers the order (new totals) or refuses in its own words.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import AdminOrderCard from '../AdminOrderCard';
import { order } from './orderBuilder';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const TWO_LINES = order(8, {
  items: [
    { id: 81, productId: 3, productTypeId: 9, productName: 'Cloud Vape', productTypeName: 'Mint', quantity: 3, price: 20, subtotal: 60 },
    { id: 82, productId: 4, productTypeId: null, productName: 'Lighter', productTypeName: null, quantity: 1, price: 2, subtotal: 2 },
  ],
});

function renderCard(o, handlers) {
  const fetchMock = mockFetch(handlers);
  const result = renderWithProviders(<AdminOrderCard order={o} onComplete={() => {}} onCancel={() => {}} busy={false} />, { user: admin });
  return { ...result, fetchMock };
}

test('lowering a quantity asks first, then sends the new quantity and says the new total', async () => {
  const { user, fetchMock } = renderCard(TWO_LINES, {
    'PATCH /api/orders/8/items/81': {
      status: 200,
      body: { message: 'Order changed. The customer was emailed the new total.', order: { ...TWO_LINES, total: 45.93 } },
    },
  });
  await user.click(screen.getByRole('button', { name: 'Lower quantity of Cloud Vape - Mint' }));
  const dialog = await screen.findByRole('dialog', { name: 'Lower Cloud Vape - Mint' });
  await user.selectOptions(within(dialog).getByLabelText('New quantity (now 3)'), '1');
  await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Two units arrived broken');
  expect(writeCalls(fetchMock)).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Lower quantity' }));
  expect(await screen.findByText('Order #8 updated: new total $45.93')).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/orders/8/items/81');
  expect(init.method).toBe('PATCH');
  expect(init.body).toEqual({ quantity: 1, reason: 'Two units arrived broken' });
});

test('removing a line is confirmed; cancelling the confirm sends nothing', async () => {
  const { user, fetchMock } = renderCard(TWO_LINES, {
    'DELETE /api/orders/8/items/82': { status: 200, body: { message: 'Order changed.', order: { ...TWO_LINES, total: 64.35 } } },
  });
  await user.click(screen.getByRole('button', { name: 'Remove Lighter' }));
  let dialog = await screen.findByRole('dialog', { name: 'Remove Lighter from order #8?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(writeCalls(fetchMock)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Remove Lighter' }));
  dialog = await screen.findByRole('dialog', { name: 'Remove Lighter from order #8?' });
  await user.click(within(dialog).getByRole('button', { name: 'Remove line' }));
  expect(await screen.findByText('Order #8 updated: new total $64.35')).toBeInTheDocument();
  expect(writeCalls(fetchMock).map(([url, init]) => `${init.method} ${url}`)).toEqual(['DELETE /api/orders/8/items/82']);
  expect(writeCalls(fetchMock)[0][1].body).toEqual({ reason: '' });
});

test("the server's refusal is shown (an order cannot be adjusted to nothing)", async () => {
  const only = order(9, {
    items: [{ id: 91, productId: 3, productTypeId: null, productName: 'Pipe', quantity: 1, price: 20, subtotal: 20 }],
  });
  const { user } = renderCard(only, {
    'DELETE /api/orders/9/items/91': { status: 400, body: { message: 'An order cannot be left empty: cancel it instead.' } },
  });
  expect(screen.queryByRole('button', { name: 'Lower quantity of Pipe' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remove Pipe' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove line' }));
  expect(await screen.findByText('An order cannot be left empty: cancel it instead.')).toBeInTheDocument();
});

test('a completed order, or a line without an id, cannot be adjusted', () => {
  renderCard(order(10, { status: 'completed', items: TWO_LINES.items }));
  expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
});
