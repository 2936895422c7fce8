import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { parseIds } from '../api';
import PrintOrdersPage from '../PrintOrdersPage';
import { order as anOrder } from './orderBuilder';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

// A delivery with a fee, an ID check, instructions and two lines: everything a sheet prints.
const order = (id, extra = {}) =>
  anOrder(id, {
    deliveryDate: '2026-11-24',
    deliveryTime: '14:30',
    specialInstructions: 'Ring twice',
    idNotice: 'ID will be checked at delivery (21+)',
    subtotal: 50,
    deliveryFee: 20,
    total: 70,
    items: [
      { productId: 3, productTypeId: 9, productName: 'Cloud Vape', productTypeName: 'Mint', quantity: 2, price: 20, subtotal: 40 },
      { productId: 41, productTypeId: null, productName: 'Lighter', productTypeName: null, quantity: 1, price: 10, subtotal: 10 },
    ],
    ...extra,
  });

const answer = (orders, { page = 1, hasNextPage = false } = {}) => ({
  status: 200,
  body: {
    orders,
    counts: { pending: 1, completed: 0, cancelled: 0 },
    pagination: { page, limit: 100, totalItems: orders.length, totalPages: 1, hasNextPage },
  },
});

test('one order prints as a pick list and receipt, and Print opens the print dialog', async () => {
  // The number search also matches a customer whose email holds "5": only order 5 is printed.
  const fetchMock = mockFetch({ 'GET /api/orders': answer([order(5), order(105, { userEmail: 'x5@example.com' })]) });
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  const { user } = renderWithProviders(<PrintOrdersPage />, { user: admin, route: '/orders/print?id=5' });

  const sheet = await screen.findByRole('article', { name: 'Order #5' });
  expect(screen.getAllByRole('article')).toHaveLength(1);
  expect(screen.getByRole('heading', { name: 'Pick list: order #5', level: 1 })).toBeInTheDocument();
  expect(within(sheet).getByRole('note')).toHaveTextContent('ID will be checked at delivery (21+)');
  expect(within(sheet).getByText('Buyer 5')).toBeInTheDocument();
  expect(within(sheet).getByText('(714) 555-0105')).toBeInTheDocument();
  expect(within(sheet).getByText('5 Main St, Anaheim, CA 92801')).toBeInTheDocument();
  expect(within(sheet).getByText('Tue, Nov 24, 2026 at 2:30 PM')).toBeInTheDocument();
  expect(within(sheet).getByText('Ring twice')).toBeInTheDocument();
  expect(await within(sheet).findByText('Local Delivery')).toBeInTheDocument();

  const table = within(sheet).getByRole('table', { name: 'Items of order 5' });
  const rows = within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows[1]).toEqual(['', 'Cloud Vape', 'Mint', '#000003', '2', '$20.00', '$40.00']);
  expect(rows[2]).toEqual(['', 'Lighter', '—', '#000041', '1', '$10.00', '$10.00']);
  // Each cell names what it holds: a phone's preview stacks a line by these (print.css), paper
  // keeps the table.
  const cells = [...table.querySelectorAll('tbody tr:first-child td')];
  expect(cells.map((cell) => cell.className.replace('num ', ''))).toEqual([
    'print-order__check',
    'print-order__item',
    'print-order__type',
    'print-order__sku',
    'print-order__qty',
    'print-order__price',
    'print-order__subtotal',
  ]);
  expect(within(table).getByRole('row', { name: 'Subtotal $50.00' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: 'Delivery Fee $20.00' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: 'Total $70.00' })).toBeInTheDocument();

  const sent = new URL(fetchMock.mock.calls.find(([url]) => url.startsWith('/api/orders'))[0], 'http://localhost').searchParams;
  expect(sent.get('search')).toBe('#5');

  await user.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
});

test('the filtered list prints every page of it, one sheet per order', async () => {
  const fetchMock = mockFetch({
    'GET /api/orders': (url) => {
      const page = new URL(url, 'http://localhost').searchParams.get('page');
      return page === '1' ? answer([order(9), order(8)], { hasNextPage: true }) : answer([order(7, { idNotice: null })], { page: 2 });
    },
  });
  renderWithProviders(<PrintOrdersPage />, { user: admin, route: '/orders/print?status=pending&due=today' });

  expect(await screen.findByRole('heading', { name: 'Pick lists: 3 orders' })).toBeInTheDocument();
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
    'print-order-9',
    'print-order-8',
    'print-order-7',
  ]);
  expect(within(screen.getByRole('article', { name: 'Order #7' })).queryByRole('note')).not.toBeInTheDocument();
  const calls = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((u) => u.pathname === '/api/orders');
  expect(
    calls.map((u) => [u.searchParams.get('page'), u.searchParams.get('status'), u.searchParams.get('due'), u.searchParams.get('limit')]),
  ).toEqual([
    ['1', 'pending', 'today', '100'],
    ['2', 'pending', 'today', '100'],
  ]);
  expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders?status=pending&due=today');
});

test('an order that is not there says so', async () => {
  mockFetch({ 'GET /api/orders': answer([]) });
  renderWithProviders(<PrintOrdersPage />, { user: admin, route: '/orders/print?id=404' });
  expect(await screen.findByText('No orders to print')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
});

test('parseIds keeps numbers only, each once', () => {
  expect(parseIds('5, #6,x,5,,7')).toEqual(['5', '6', '7']);
  expect(parseIds(null)).toEqual([]);
});

test("the rules' warnings are printed on the sheet handed over, and none when there are none", async () => {
  const warning = 'WARNING: Inhaling nitrous oxide can cause serious injury or death.';
  const n2o = order(12, { checks: { requiredFields: ['idType', 'signature'], messages: [warning] } });
  mockFetch({ 'GET /api/orders': answer([n2o, order(13)]) });
  renderWithProviders(<PrintOrdersPage />, { user: admin, route: '/orders/print?id=12,13' });

  const sheet = await screen.findByRole('article', { name: 'Order #12' });
  const printed = within(sheet).getByRole('region', { name: 'Warnings for order 12' });
  expect(within(printed).getByRole('listitem')).toHaveTextContent(warning);
  const plain = screen.getByRole('article', { name: 'Order #13' });
  expect(within(plain).queryByRole('region')).not.toBeInTheDocument();
});
