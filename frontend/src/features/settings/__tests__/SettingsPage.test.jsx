import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockFetch, writeCalls } from '../../../test/fetch';
import SettingsPage from '../components/SettingsPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const customer = { id: 2, name: 'Cy', email: 'cy@example.com', role: 'customer' };

const SETTINGS = {
  shopName: 'Corner Shop',
  pickupLocation: '1 Main St',
  pickupPhone: '(714) 555-0142',
  pickupInstructions: '',
  deliveryArea: 'Orange County',
  fees: { shipping: 8, delivery: 20 },
  freeFrom: { shipping: 60, delivery: null },
  deliveryZipCodes: ['92840', '92841'],
  deliveryHours: { start: '10:00', end: '20:00' },
  deliveryLeadMinutes: 120,
  deliveryMaxDaysAhead: 30,
  deliveryHourlyCapacity: 0,
  lowStockThreshold: 3,
  maxUnitsPerLine: 10,
  maxPendingOrders: 3,
  pendingHoldHours: 48,
  maxPendingUnits: 10,
  maxPendingValue: 500,
  updatedAt: '2026-11-20T18:00:00Z',
  updatedBy: 'ada@example.com',
  changes: [{ at: '2026-11-20T18:00:00Z', by: 'ada@example.com', field: 'fees.delivery', before: 25, after: 20 }],
};

test('non-admins see Access Denied and nothing is fetched', () => {
  const fetchMock = mockFetch({});
  renderWithProviders(<SettingsPage />, { user: customer });
  expect(screen.getByText('Access Denied')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('shows the settings grouped as store, delivery and stock, and who changed what', async () => {
  mockFetch({ 'GET /api/shop/settings': { status: 200, body: SETTINGS } });
  renderWithProviders(<SettingsPage />, { user: admin });

  expect(await screen.findByLabelText('Shop name')).toHaveValue('Corner Shop');
  const delivery = screen.getByRole('group', { name: 'Delivery' });
  expect(within(delivery).getByLabelText('Local delivery fee')).toHaveValue('20.00');
  expect(within(delivery).getByLabelText('Free delivery from')).toHaveValue('');
  expect(within(delivery).getByLabelText('ZIP codes served')).toHaveValue('92840, 92841');
  expect(within(screen.getByRole('group', { name: 'Stock' })).getByLabelText('Hold pending orders (hours)')).toHaveValue('48');
  expect(screen.getByRole('group', { name: 'Store' })).toContainElement(screen.getByLabelText('Pickup instructions'));

  const row = screen.getByRole('cell', { name: 'Local delivery fee' }).closest('tr');
  expect(within(row).getByText('$25.00 → $20.00')).toBeInTheDocument();
  expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
});

test('saving sends every setting, shows the saved answer and reads the shop info again', async () => {
  const saved = {
    ...SETTINGS,
    fees: { shipping: 8, delivery: 12.5 },
    updatedAt: '2026-11-21T18:00:00Z',
    changes: [{ at: '2026-11-21T18:00:00Z', by: 'ada@example.com', field: 'fees.delivery', before: 20, after: 12.5 }, ...SETTINGS.changes],
  };
  const fetchMock = mockFetch({
    'GET /api/shop/settings': { status: 200, body: SETTINGS },
    'PUT /api/shop/settings': { status: 200, body: saved },
  });
  const { user, queryClient } = renderWithProviders(<SettingsPage />, { user: admin });
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
  const fee = await screen.findByLabelText('Local delivery fee');

  await user.clear(fee);
  await user.type(fee, '12.50');
  expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('admin-button--primary');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(1));
  const [, init] = writeCalls(fetchMock)[0];
  expect(init.body).toEqual({
    ...Object.fromEntries(Object.entries(SETTINGS).filter(([key]) => !['updatedAt', 'updatedBy', 'changes'].includes(key))),
    fees: { shipping: '8.00', delivery: '12.50' },
    freeFrom: { shipping: '60.00', delivery: null },
    maxPendingValue: '500.00',
  });
  expect(await screen.findByText('$20.00 → $12.50')).toBeInTheDocument();
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['shop-info'] });
});

test("the server's field message shows once, beside its input, and nothing else changes", async () => {
  const message = 'Deliveries from must be a time like 10:00.';
  mockFetch({
    'GET /api/shop/settings': { status: 200, body: SETTINGS },
    'PUT /api/shop/settings': { status: 400, body: { message, errors: { 'deliveryHours.start': [message] } } },
  });
  const { user } = renderWithProviders(<SettingsPage />, { user: admin });
  const start = await screen.findByLabelText('Deliveries from');

  await user.clear(start);
  await user.type(start, '10am');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
  expect(start).toHaveAccessibleDescription(/must be a time like 10:00/);
  expect(start).toHaveValue('10am');
  expect(screen.getByLabelText('Deliveries until')).not.toHaveAttribute('aria-invalid');
  // Not again above Save.
  expect(screen.getAllByText(message)).toHaveLength(1);
});

test('a refusal naming no field of the form is said above Save', async () => {
  const message = 'Send the settings as a JSON object.';
  mockFetch({
    'GET /api/shop/settings': { status: 200, body: SETTINGS },
    'PUT /api/shop/settings': { status: 400, body: { message } },
  });
  const { user } = renderWithProviders(<SettingsPage />, { user: admin });
  await screen.findByLabelText('Deliveries from');

  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(message);
});

test("the owner sets what one customer's pending orders may hold", async () => {
  const fetchMock = mockFetch({
    'GET /api/shop/settings': { status: 200, body: SETTINGS },
    'PUT /api/shop/settings': { status: 200, body: { ...SETTINGS, maxPendingUnits: 4, maxPendingValue: 250 } },
  });
  const { user } = renderWithProviders(<SettingsPage />, { user: admin });
  const stock = within(await screen.findByRole('group', { name: 'Stock' }));
  const units = stock.getByLabelText("Most units of one product across a customer's pending orders");
  const value = stock.getByLabelText("Most goods' value across a customer's pending orders");
  expect(units).toHaveValue('10');
  expect(value).toHaveValue('500.00');

  await user.clear(units);
  await user.type(units, '4');
  await user.clear(value);
  await user.type(value, '250');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(1));
  const [, init] = writeCalls(fetchMock)[0];
  expect(init.body).toMatchObject({ maxPendingUnits: 4, maxPendingValue: '250' });
});
