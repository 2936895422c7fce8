import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch } from '../../../../test/fetch';
import { StockLedgerPage } from '../StockLedgerPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const product = { id: 3, name: 'Cloud Vape', images: [], thumbnails: [], types: [], quantity: 8 };
const move = (id, extra) => ({
  id,
  at: '2026-11-22T10:04:05-08:00',
  productTypeId: null,
  productTypeName: '',
  delta: -2,
  balanceAfter: 8,
  reason: 'sale',
  reasonLabel: 'Sale',
  orderId: null,
  actorEmail: null,
  note: '',
  ...extra,
});
const audit = (agrees) => [
  { typeId: null, typeName: '', quantity: 8, movesTotal: 8, lastBalance: 8, agrees: true },
  { typeId: 7, typeName: 'Mint', quantity: 9, movesTotal: agrees ? 9 : 4, lastBalance: agrees ? 9 : 4, agrees },
];
const page = (moves, agrees = true) => ({
  status: 200,
  body: { moves, audit: audit(agrees), pagination: { page: 1, limit: 50, totalItems: moves.length, totalPages: 1, hasNextPage: false } },
});
const MOVES = [
  move(4, {
    reason: 'admin_edit',
    reasonLabel: 'Admin edit',
    delta: 5,
    balanceAfter: 9,
    productTypeId: 7,
    productTypeName: 'Mint',
    actorEmail: 'ada@example.com',
  }),
  move(3, { reason: 'cancel', reasonLabel: 'Order cancelled', delta: 2, balanceAfter: 10, orderId: 12, actorEmail: 'ada@example.com' }),
  move(2, { orderId: 12, actorEmail: 'cy@example.com' }),
];

function open(handlers) {
  const fetchMock = mockFetch({ 'GET /api/products/3': { status: 200, body: product, headers: { ETag: '"v1"' } }, ...handlers });
  const view = renderWithProviders(
    <Routes>
      <Route path="/products/:productId/stock" element={<StockLedgerPage />} />
    </Routes>,
    { route: '/products/3/stock', user: admin },
  );
  return { ...view, fetchMock };
}

test('each move: when, which stock, reason, order link, change, balance after and who, under the audit verdict', async () => {
  open({ 'GET /api/products/3/stock-moves': page(MOVES) });

  expect(await screen.findByRole('heading', { name: 'Stock ledger: Cloud Vape' })).toBeInTheDocument();
  expect(screen.getByText('Every stock figure adds up to its moves')).toBeInTheDocument();
  const rows = screen.getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  const edit = within(rows[0]);
  expect(edit.getByText('Mint')).toBeInTheDocument();
  expect(edit.getByText('Admin edit')).toBeInTheDocument();
  expect(edit.getByText('+5')).toBeInTheDocument();
  expect(edit.getByText('ada@example.com')).toBeInTheDocument();
  const sale = within(rows[2]);
  expect(sale.getByText('Sale')).toBeInTheDocument();
  expect(sale.getByText('−2')).toBeInTheDocument();
  expect(sale.getByRole('link', { name: 'Order #12' })).toHaveAttribute('href', '/orders?search=12');
  expect(sale.getByText('Product stock')).toBeInTheDocument();
});

test('a figure that does not add up is named, and one figure can be shown alone', async () => {
  const { user, fetchMock } = open({
    'GET /api/products/3/stock-moves': (url) => (url.includes('type=7') ? page([MOVES[0]], false) : page(MOVES, false)),
  });

  expect(await screen.findByText('1 of 2 stock figures do not add up to their moves')).toBeInTheDocument();
  expect(screen.getByText(/moves add up to 4 \(last balance 4\)/)).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Show'), '7');

  expect(await screen.findAllByRole('row')).toHaveLength(2);
  expect(fetchMock.mock.calls.map(([url]) => url).at(-1)).toMatch(/stock-moves\?type=7&page=1/);
});

test("the server's refusal is shown", async () => {
  open({ 'GET /api/products/3/stock-moves': { status: 404, body: { message: 'Product not found' } } });
  expect(await screen.findByText('Product not found')).toBeInTheDocument();
});
