import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { addDays, lastDays, rangeFromParams } from '../api';
import { DashboardPage } from '../components/DashboardPage';

const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const REPORT = {
  from: '2026-10-25',
  to: '2026-11-23',
  totals: { orders: 12, revenue: '1234.50', averageOrder: '102.88' },
  days: [
    { date: '2026-11-21', orders: 3, revenue: '300.00' },
    { date: '2026-11-22', orders: 0, revenue: '0.00' },
    { date: '2026-11-23', orders: 9, revenue: '934.50' },
  ],
  byCategory: [
    { id: 'juices', name: 'Juices', units: 30, revenue: '600.00' },
    { id: 'vapes', name: 'Vapes', units: 12, revenue: '480.00' },
  ],
  topProducts: [
    { id: 3, name: 'Mango Juice', units: 20, revenue: '400.00' },
    { id: 7, name: 'Cloud Vape', units: 12, revenue: '480.00' },
  ],
  byStatus: { pending: 4, completed: 8, cancelled: 2 },
  byDeliveryOption: { pickup: { orders: 5, revenue: '400.00' }, delivery: { orders: 7, revenue: '834.50' } },
};

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

const reportCalls = (fetchMock) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((url) => url.pathname === '/api/reports/sales')
    .map((url) => Object.fromEntries(url.searchParams));

function renderDashboard(route = '/dashboard') {
  return renderWithProviders(
    <>
      <DashboardPage />
      <Where />
    </>,
    { user: ADMIN, route },
  );
}

beforeEach(() => {
  // 12:00 in Los Angeles on Nov 23 (20:00 UTC): only Date is faked, timers stay real.
  jest.useFakeTimers({
    now: new Date('2026-11-23T20:00:00Z'),
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'hrtime',
      'performance',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  });
});

afterEach(() => {
  jest.useRealTimers();
});

test('the last 30 Los Angeles days by default: figures, both charts with their tables, top products', async () => {
  const fetchMock = mockFetch({ 'GET /api/reports/sales': { status: 200, body: REPORT } });
  const { container } = renderDashboard();

  expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  expect(screen.getByLabelText('From')).toHaveValue('2026-10-25');
  expect(screen.getByLabelText('To')).toHaveValue('2026-11-23');
  expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  const figures = (await screen.findByText('Average order')).closest('dl');
  const pairs = within(figures)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling.textContent]);
  expect(pairs).toEqual([
    ['Orders', '12'],
    ['Revenue', '$1,234.50'],
    ['Average order', '$102.88'],
  ]);
  expect(reportCalls(fetchMock)).toEqual([{ from: '2026-10-25', to: '2026-11-23' }]);

  // Each chart: a figure named by its caption, the drawing hidden from screen readers, and a
  // table with the same figures for them.
  const byDay = screen.getByRole('figure', { name: /Revenue per day/ });
  expect(byDay).toHaveTextContent('Best day: Nov 23, 2026, $934.50.');
  expect(byDay.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  expect(byDay.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
  const dayTable = within(byDay).getByRole('table', { name: 'Revenue per day' });
  expect(
    within(dayTable)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual(['Nov 21, 20263$300.00', 'Nov 22, 20260$0.00', 'Nov 23, 20269$934.50']);
  const byCategory = screen.getByRole('figure', { name: /Revenue per category/ });
  expect(byCategory).toHaveTextContent('Top category: Juices, $600.00.');
  expect(within(byCategory).getByRole('row', { name: 'Vapes 12 $480.00' })).toBeInTheDocument();
  expect(container.querySelectorAll('svg.recharts-surface')).toHaveLength(2);

  const top = screen.getByRole('region', { name: 'Top products' });
  expect(
    within(top)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual(['1Mango Juice20$400.00', '2Cloud Vape12$480.00']);
  expect(await screen.findByRole('row', { name: 'Cancelled 2' })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: 'Local Delivery 7 $834.50' })).toBeInTheDocument();

  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/reports/sales.csv?from=2026-10-25&to=2026-11-23',
  );
});

test('a product deleted since keeps its sale under the name it was sold under, as the categories count it', async () => {
  mockFetch({
    'GET /api/reports/sales': {
      status: 200,
      body: {
        ...REPORT,
        byCategory: [{ id: null, name: 'Deleted products', units: 20, revenue: '400.00' }],
        topProducts: [
          { id: null, name: 'Mango Juice', units: 20, revenue: '400.00' },
          { id: null, name: 'Old Lamp', units: 1, revenue: '5.00' },
        ],
      },
    },
  });
  renderDashboard();

  const top = await screen.findByRole('region', { name: 'Top products' });
  expect(
    within(top)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual(['1Mango Juice (deleted)20$400.00', '2Old Lamp (deleted)1$5.00']);
  const byCategory = screen.getByRole('figure', { name: /Revenue per category/ });
  expect(within(byCategory).getByRole('row', { name: 'Deleted products 20 $400.00' })).toBeInTheDocument();
});

test('a period from the URL, a quick period and typed dates all reach the report and the URL', async () => {
  const fetchMock = mockFetch({ 'GET /api/reports/sales': { status: 200, body: REPORT } });
  const { user } = renderDashboard('/dashboard?from=2026-01-01&to=2026-01-31');
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(reportCalls(fetchMock)[0]).toEqual({ from: '2026-01-01', to: '2026-01-31' });

  await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
  expect(new URLSearchParams(screen.getByTestId('where').textContent).get('from')).toBe('2026-11-17');
  await waitFor(() => expect(reportCalls(fetchMock).at(-1)).toEqual({ from: '2026-11-17', to: '2026-11-23' }));
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/reports/sales.csv?from=2026-11-17&to=2026-11-23',
  );

  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
  await waitFor(() => expect(reportCalls(fetchMock).at(-1)).toEqual({ from: '2026-11-17', to: '2026-11-20' }));
  expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByTestId('where')).toHaveTextContent('?from=2026-11-17&to=2026-11-20');
});

test('Download CSV fetches the same period with the token and saves it as a file', async () => {
  mockFetch({ 'GET /api/reports/sales': { status: 200, body: REPORT } });
  const base = global.fetch;
  const csvCalls = [];
  global.fetch = jest.fn((url, init) => {
    if (!url.startsWith('/api/reports/sales.csv')) return base(url, init);
    csvCalls.push([url, init]);
    return Promise.resolve({
      ok: true,
      status: 200,
      headers: {
        get: (name) =>
          name.toLowerCase() === 'content-disposition' ? 'attachment; filename="sales-2026-10-25-2026-11-23.csv"' : 'text/csv',
      },
      blob: () => Promise.resolve(new Blob(['section,key\n'], { type: 'text/csv' })),
    });
  });
  const saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record() {
    saved.push([this.getAttribute('href'), this.download]);
  });
  try {
    const { user } = renderDashboard();
    await screen.findByText('$1,234.50');
    await user.click(screen.getByRole('link', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([['blob:report', 'sales-2026-10-25-2026-11-23.csv']]));
    expect(csvCalls).toHaveLength(1);
    expect(csvCalls[0][0]).toBe('/api/reports/sales.csv?from=2026-10-25&to=2026-11-23');
    expect(csvCalls[0][1].headers.Authorization).toMatch(/^Bearer /);
    expect(URL.createObjectURL.mock.calls[0][0]).toBeInstanceOf(Blob);
  } finally {
    click.mockRestore();
  }
});

test("the server's refusal of a period is shown, with no Try again that can only fail", async () => {
  mockFetch({ 'GET /api/reports/sales': { status: 400, body: { message: 'A report covers at most 3660 days.' } } });
  renderDashboard('/dashboard?from=2000-01-01&to=2026-01-01');
  expect(await screen.findByText('A report covers at most 3660 days.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('a server error can be tried again', async () => {
  mockFetch({ 'GET /api/reports/sales': { status: 503, body: { message: 'The shop is busy. Please try again.' } } });
  renderDashboard();
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('a From after the To is refused beside it, in the form, and never asked of the server', async () => {
  const fetchMock = mockFetch({ 'GET /api/reports/sales': { status: 200, body: REPORT } });
  renderDashboard('/dashboard?from=2026-11-01&to=2026-11-10');
  await screen.findByText('$1,234.50');
  const asked = reportCalls(fetchMock).length;

  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });

  expect(await screen.findByRole('alert')).toHaveTextContent('From must be on or before To.');
  expect(screen.getByLabelText('From')).toHaveAccessibleDescription('From must be on or before To.');
  expect(reportCalls(fetchMock)).toHaveLength(asked);
  expect(screen.getByTestId('where')).toHaveTextContent('?from=2026-11-01&to=2026-11-10');
  expect(screen.queryByText('Failed to load the sales report')).not.toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-25' } });
  await waitFor(() => expect(reportCalls(fetchMock).at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-25' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('period helpers: calendar days, either end filled in as the server does', () => {
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  expect(lastDays('2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  expect(rangeFromParams(new URLSearchParams('from=2026-01-01'), '2026-11-23')).toEqual({ from: '2026-01-01', to: '2026-01-30' });
  expect(rangeFromParams(new URLSearchParams('to=2026-01-30'), '2026-11-23')).toEqual({ from: '2026-01-01', to: '2026-01-30' });
  expect(rangeFromParams(new URLSearchParams('from=nope&to=2026-13-40'), '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
});

test('the discounts given on the period show beside the revenue', async () => {
  mockFetch({ 'GET /api/reports/sales': { status: 200, body: { ...REPORT, totals: { ...REPORT.totals, discounts: '48.20' } } } });
  renderDashboard();
  expect(await screen.findByTestId('dashboard-discounts')).toHaveTextContent('$48.20');
  expect(screen.getByText('Discounts given')).toBeInTheDocument();
});

test('the figures say what they count: revenue with pending orders and fees, category bars goods only', async () => {
  mockFetch({ 'GET /api/reports/sales': { status: 200, body: REPORT } });
  renderDashboard();

  const revenue = (await screen.findByText('Revenue', { selector: 'dt' })).parentElement;
  expect(revenue).toHaveTextContent('Includes pending orders and delivery fees; cancelled orders and taxes left out.');
  const byCategory = await screen.findByRole('figure', { name: /Revenue per category/ });
  expect(byCategory).toHaveTextContent('Goods at the prices sold: no delivery fees, before order discounts.');
});
