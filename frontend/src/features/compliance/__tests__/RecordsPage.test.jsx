// The records page (admins): the monthly delivery-sales report and the N2O log, their rows as
// the server sends them, and the files fetched with the admin's token.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { CompliancePage } from '..';

const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const SALES = {
  month: '2026-10',
  rows: [
    {
      deliveredAt: '2026-10-03',
      orderId: 41,
      buyerName: 'Ada Buyer',
      deliveryAddress: '1 Main St 92840',
      brand: 'Elfbar',
      product: 'Elfbar BC5000',
      quantity: 2,
      deliveredBy: 'Sam',
    },
  ],
};
const N2O = {
  rows: [
    { handedOverAt: '2026-11-02', orderId: 50, buyerName: 'Bo', idType: 'Passport', quantity: 1, signatureUrl: '/api/orders/50/signature' },
  ],
};

test('the report and the log show their rows, and the CSV is fetched with the token under the server’s name', async () => {
  const fetchMock = mockFetch({
    'GET /api/compliance/delivery-sales': { status: 200, body: SALES },
    'GET /api/compliance/n2o-log': { status: 200, body: N2O },
    'GET /api/compliance/delivery-sales.csv': {
      status: 200,
      body: 'csv',
      headers: { 'Content-Disposition': 'attachment; filename="delivery-sales-2026-10.csv"' },
    },
  });
  const created = jest.fn(() => 'blob:x');
  global.URL.createObjectURL = created;
  global.URL.revokeObjectURL = jest.fn();
  // jsdom does not download: the link's click is where the browser would.
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const { user } = renderWithProviders(<CompliancePage />, { user: ADMIN, route: '/compliance/records' });
  const sales = await screen.findByRole('table', { name: /Delivery sales of/ });
  expect(within(sales).getByRole('row', { name: /Ada Buyer/ })).toHaveTextContent('Elfbar');
  const log = await screen.findByRole('table', { name: 'N2O sales' });
  expect(within(log).getByRole('button', { name: 'Signature of #50' })).toBeInTheDocument();

  const region = screen.getByRole('region', { name: 'Monthly delivery sales (nicotine)' });
  await user.click(within(region).getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(clicked).toHaveBeenCalled());
  expect(clicked.mock.contexts[0].download).toBe('delivery-sales-2026-10.csv');
  const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/compliance/delivery-sales.csv'));
  expect(call[1].headers.Authorization).toMatch(/^Bearer /);
  expect(String(call[0])).toMatch(/month=\d{4}-\d{2}/);
});

afterEach(() => jest.restoreAllMocks());
