// The back office's Promotions page (admins): the list with uses so far, create, edit, pause,
// delete, and the server's field messages beside the fields.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PromotionsPage } from '..';
import { toBody, toForm } from '../promotionForm';

const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };

const RADIO = {
  id: 3,
  code: 'RADIO10',
  kind: 'percent',
  value: 10,
  minSubtotal: null,
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  maxUsesPerCustomer: 1,
  categories: ['juices'],
  products: [],
  excludeCategories: [],
  includeNicotine: false,
  active: true,
  uses: 7,
};
const FREE = {
  ...RADIO,
  id: 4,
  code: 'FREEDEL40',
  kind: 'free_delivery',
  value: null,
  minSubtotal: 40,
  maxUses: null,
  uses: 2,
  categories: [],
};

test('admins see each promotion with its offer, scope and uses so far', async () => {
  mockFetch({ 'GET /api/promotions': { status: 200, body: [RADIO, FREE] } });
  renderWithProviders(<PromotionsPage />, { user: ADMIN });
  const table = await screen.findByRole('table', { name: 'Promotions' });
  const radio = within(table).getByRole('row', { name: /RADIO10/ });
  expect(radio).toHaveTextContent('10% off');
  expect(radio).toHaveTextContent('Active');
  expect(within(table).getByTestId('uses-RADIO10')).toHaveTextContent('7 of 100 (1 a customer)');
  expect(within(table).getByRole('row', { name: /FREEDEL40/ })).toHaveTextContent('Free delivery from $40.00');
  expect(within(table).getByTestId('uses-FREEDEL40')).toHaveTextContent('2');
});

test('customers get Access Denied and never read the promotions', async () => {
  const fetchMock = mockFetch({});
  renderWithProviders(<PromotionsPage />, { user: CUSTOMER });
  expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/promotions'))).toBe(false);
});

test('a new promotion is sent with every field; the list is read again', async () => {
  let listed = [];
  const fetchMock = mockFetch({
    'GET /api/promotions': () => ({ status: 200, body: listed }),
    'POST /api/promotions': (url, init) => {
      listed = [{ ...init.body, id: 9, uses: 0 }];
      return { status: 201, body: listed[0] };
    },
  });
  const { user } = renderWithProviders(<PromotionsPage />, { user: ADMIN });
  expect(await screen.findByText('No promotions yet')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'New promotion' }));
  const dialog = await screen.findByRole('dialog', { name: 'New promotion' });
  await user.type(within(dialog).getByLabelText('Code'), 'WEEKEND10');
  await user.type(within(dialog).getByLabelText('Percent off'), '10');
  await user.type(within(dialog).getByLabelText('Uses in all'), '50');
  await user.click(within(dialog).getByRole('button', { name: 'Save promotion' }));

  expect(await screen.findByText('Promotion WEEKEND10 saved')).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/promotions');
  expect(init.body).toMatchObject({ code: 'WEEKEND10', kind: 'percent', value: 10, maxUses: 50, maxUsesPerCustomer: null, active: true });
  expect(await screen.findByTestId('uses-WEEKEND10')).toHaveTextContent('0 of 50');
});

test("the server's refusal lands beside its field and nothing is closed", async () => {
  mockFetch({
    'GET /api/promotions': { status: 200, body: [] },
    'POST /api/promotions': { status: 400, body: { message: 'This code is taken.', errors: { code: ['This code is taken.'] } } },
  });
  const { user } = renderWithProviders(<PromotionsPage />, { user: ADMIN });
  await user.click(await screen.findByRole('button', { name: 'New promotion' }));
  const dialog = await screen.findByRole('dialog', { name: 'New promotion' });
  await user.type(within(dialog).getByLabelText('Code'), 'RADIO10');
  await user.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription('This code is taken.'));
  expect(screen.getByRole('dialog', { name: 'New promotion' })).toBeInTheDocument();
});

test('pause sends active false alone; edit sends the changed promotion', async () => {
  const fetchMock = mockFetch({
    'GET /api/promotions': { status: 200, body: [RADIO] },
    'PATCH /api/promotions/3': (url, init) => ({ status: 200, body: { ...RADIO, ...init.body } }),
  });
  const { user } = renderWithProviders(<PromotionsPage />, { user: ADMIN });
  await user.click(await screen.findByRole('button', { name: 'Pause RADIO10' }));
  expect(await screen.findByText('RADIO10 paused')).toBeInTheDocument();
  expect(writeCalls(fetchMock)[0][1].body).toEqual({ active: false });

  await user.click(screen.getByRole('button', { name: 'Edit RADIO10' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit RADIO10' });
  const value = within(dialog).getByLabelText('Percent off');
  expect(value).toHaveValue(10);
  await user.clear(value);
  await user.type(value, '15');
  await user.click(within(dialog).getByRole('button', { name: 'Save promotion' }));
  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(2));
  expect(writeCalls(fetchMock)[1][1]).toMatchObject({ method: 'PATCH', body: { value: 15, categories: ['juices'] } });
});

test('delete asks first', async () => {
  const fetchMock = mockFetch({
    'GET /api/promotions': { status: 200, body: [RADIO] },
    'DELETE /api/promotions/3': { status: 204 },
  });
  const { user } = renderWithProviders(<PromotionsPage />, { user: ADMIN });
  await user.click(await screen.findByRole('button', { name: 'Delete RADIO10' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete RADIO10?' });
  expect(writeCalls(fetchMock)).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('RADIO10 deleted')).toBeInTheDocument();
  expect(writeCalls(fetchMock).map(([url, init]) => `${init.method} ${url}`)).toEqual(['DELETE /api/promotions/3']);
});

test('the body: free delivery has no value (0), empty limits are null, SKUs become ids', () => {
  const form = { ...toForm(null), code: ' FREE ', kind: 'free_delivery', value: '5', minSubtotal: '40', products: '#000012, 15' };
  expect(toBody(form)).toMatchObject({ code: 'FREE', value: 0, minSubtotal: 40, maxUses: null, products: [12, 15], startsAt: null });
});
