// The taxes report for filing (admins): last month by default, every figure the server's, sales
// tax by rate and place, another range asked for when chosen, and the CSV of the same range.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { todayLA } from '../../../lib/format';
import { lastMonth, taxesCsvPath } from '../api';
import { TaxReportPage } from '../taxes';

const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const REPORT = {
  from: '2026-10-01',
  to: '2026-10-31',
  taxableSales: '1200.00',
  salesTax: '105.00',
  exciseSales: '400.00',
  exciseTax: '50.00',
  discounts: '30.00',
  byRate: [
    { rate: 8.75, place: 'Garden Grove (pickup)', taxableSales: '1000.00', salesTax: '87.50' },
    { rate: 8.75, place: 'ZIP 92840', taxableSales: '200.00', salesTax: '17.50' },
  ],
};

test('last month by default: the figures, the rates table and the CSV link', async () => {
  const fetchMock = mockFetch({ 'GET /api/reports/taxes': { status: 200, body: REPORT } });
  renderWithProviders(<TaxReportPage />, { user: ADMIN, route: '/taxes' });
  expect(await screen.findByTestId('taxes-salesTax')).toHaveTextContent('$105.00');
  expect(screen.getByTestId('taxes-taxableSales')).toHaveTextContent('$1,200.00');
  expect(screen.getByTestId('taxes-exciseSales')).toHaveTextContent('$400.00');
  expect(screen.getByTestId('taxes-exciseTax')).toHaveTextContent('$50.00');
  expect(screen.getByTestId('taxes-discounts')).toHaveTextContent('$30.00');
  const table = screen.getByRole('table', { name: 'Sales tax by rate and place' });
  expect(within(table).getByRole('row', { name: /ZIP 92840/ })).toHaveTextContent('8.75%$200.00$17.50');

  const range = lastMonth(todayLA());
  const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/reports/taxes'));
  expect(url).toBe(`/api/reports/taxes?from=${range.from}&to=${range.to}`);
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', taxesCsvPath(range));
});

test('the range in the URL is the one asked for, and a quick period asks again', async () => {
  const fetchMock = mockFetch({ 'GET /api/reports/taxes': { status: 200, body: REPORT } });
  const { user } = renderWithProviders(<TaxReportPage />, { user: ADMIN, route: '/taxes?from=2026-10-01&to=2026-10-31' });
  await screen.findByTestId('taxes-salesTax');
  const asked = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/reports/taxes'));
  expect(asked()).toEqual(['/api/reports/taxes?from=2026-10-01&to=2026-10-31']);
  await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
  await waitFor(() => expect(asked()).toHaveLength(2));
});

test("a refusal shows the server's message", async () => {
  mockFetch({ 'GET /api/reports/taxes': { status: 400, body: { message: 'from must be on or before to.' } } });
  renderWithProviders(<TaxReportPage />, { user: ADMIN, route: '/taxes' });
  expect(await screen.findByText('from must be on or before to.')).toBeInTheDocument();
});

test('lastMonth: the whole month before today', () => {
  expect(lastMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  expect(lastMonth('2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
});
