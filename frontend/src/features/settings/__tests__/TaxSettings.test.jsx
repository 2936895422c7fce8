// The Settings page's tax settings: the shop's rate, a rate per delivery ZIP with the
// never-reviewed ones marked, a rate per state, the excise rates from their day, the label; saved
// alone (PATCH) and the server's messages shown.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import SettingsPage from '../components/SettingsPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const SETTINGS = {
  shopName: 'Corner Shop',
  pickupLocation: '1 Main St',
  pickupPhone: '',
  pickupInstructions: '',
  deliveryArea: 'Orange County',
  fees: { shipping: 8, delivery: 20 },
  freeFrom: { shipping: 60, delivery: 60 },
  deliveryZipCodes: ['92840', '92801'],
  deliveryHours: { start: '10:00', end: '20:00' },
  deliveryLeadMinutes: 120,
  deliveryMaxDaysAhead: 30,
  deliveryHourlyCapacity: 0,
  lowStockThreshold: 3,
  maxUnitsPerLine: 10,
  maxPendingOrders: 3,
  pendingHoldHours: 48,
  salesTaxRate: 8.75,
  exciseTaxLabel: 'CA Electronic Cigarette Excise Tax',
  deliveryTaxRates: [
    { zip: '92840', rate: 8.75, reviewed: true },
    { zip: '92801', rate: 8.75, reviewed: false },
  ],
  stateTaxRates: [
    { state: 'CA', rate: 8.75 },
    { state: 'NV', rate: 0 },
  ],
  exciseRates: [{ rate: 12.5, from: '2025-01-01' }],
  updatedAt: null,
  updatedBy: null,
  changes: [],
};

test('the tax settings as served, the never-reviewed ZIP marked', async () => {
  mockFetch({ 'GET /api/shop/settings': { status: 200, body: SETTINGS } });
  renderWithProviders(<SettingsPage />, { user: admin });
  const taxes = await screen.findByRole('group', { name: 'Taxes' });
  expect(within(taxes).getByLabelText('Shop sales-tax rate (%), for pickup')).toHaveValue('8.75');
  expect(within(taxes).getByLabelText('Excise tax label (shown on receipts)')).toHaveValue('CA Electronic Cigarette Excise Tax');
  const zips = within(taxes).getByRole('table', { name: 'Local delivery: rate per ZIP code' });
  expect(within(zips).getByRole('row', { name: /92801/ })).toHaveTextContent('Never reviewed');
  expect(within(zips).getByRole('row', { name: /92840/ })).not.toHaveTextContent('Never reviewed');
  expect(within(taxes).getByText(/1 ZIP code was never reviewed/)).toBeInTheDocument();
  expect(within(taxes).getByLabelText('State 2')).toHaveValue('NV');
  expect(within(taxes).getByLabelText('Applies from 1')).toHaveValue('2025-01-01');
});

test('correcting a ZIP rate marks it reviewed; a new excise rate ahead of its day; saved alone with PATCH', async () => {
  const fetchMock = mockFetch({
    'GET /api/shop/settings': { status: 200, body: SETTINGS },
    'PATCH /api/shop/settings': (url, init) => ({ status: 200, body: { ...SETTINGS, ...init.body } }),
  });
  const { user } = renderWithProviders(<SettingsPage />, { user: admin });
  const taxes = await screen.findByRole('group', { name: 'Taxes' });
  const rate = within(taxes).getByLabelText('Rate for ZIP 92801');
  await user.clear(rate);
  await user.type(rate, '7.75');
  expect(within(taxes).getByLabelText('ZIP 92801 reviewed')).toBeChecked();
  await user.click(within(taxes).getByRole('button', { name: 'Add an excise rate' }));
  await user.type(within(taxes).getByLabelText('Excise rate (%) 2'), '15');
  await user.type(within(taxes).getByLabelText('Applies from 2'), '2027-07-01');
  await user.click(screen.getByRole('button', { name: 'Save tax settings' }));

  expect(await screen.findByText('Tax settings saved')).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/shop/settings');
  expect(init.method).toBe('PATCH');
  expect(init.body).toEqual({
    salesTaxRate: 8.75,
    exciseTaxLabel: 'CA Electronic Cigarette Excise Tax',
    deliveryTaxRates: [
      { zip: '92840', rate: 8.75, reviewed: true },
      { zip: '92801', rate: 7.75, reviewed: true },
    ],
    stateTaxRates: [
      { state: 'CA', rate: 8.75 },
      { state: 'NV', rate: 0 },
    ],
    exciseRates: [
      { rate: 12.5, from: '2025-01-01' },
      { rate: 15, from: '2027-07-01' },
    ],
  });
  await waitFor(() => expect(within(taxes).queryByText('Never reviewed')).not.toBeInTheDocument());
});

test("a refused rate shows the server's message beside its table and leaves the form as typed", async () => {
  mockFetch({
    'GET /api/shop/settings': { status: 200, body: SETTINGS },
    'PATCH /api/shop/settings': {
      status: 400,
      body: {
        message: 'stateTaxRates.1.rate must be a percent from 0 to 20.',
        errors: { 'stateTaxRates.1.rate': ['Must be a percent from 0 to 20.'] },
      },
    },
  });
  const { user } = renderWithProviders(<SettingsPage />, { user: admin });
  const taxes = await screen.findByRole('group', { name: 'Taxes' });
  const nv = within(taxes).getByLabelText('State rate (%) 2');
  await user.clear(nv);
  await user.type(nv, '80');
  await user.click(screen.getByRole('button', { name: 'Save tax settings' }));
  expect(await within(taxes).findByText('Must be a percent from 0 to 20.')).toBeInTheDocument();
  expect(nv).toHaveValue('80');
});
