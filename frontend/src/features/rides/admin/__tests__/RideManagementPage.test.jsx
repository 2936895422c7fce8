import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch, networkError } from '../../../../test/fetch';
import RideManagementPage from '../RideManagementPage';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const ride = (id, status = 'pending') => ({
  id,
  name: `Rider ${id}`,
  phone: '555-0101',
  address: '10 Pickup Rd',
  dropoff_address: '20 Dropoff Ave',
  pickup_date: '2026-11-24',
  pickup_time: '09:30',
  item_description: 'A sofa',
  status,
  created_at: '2026-11-22T18:04:05Z',
  updated_at: '2026-11-22T18:04:05Z',
});
const page = (rides) => ({
  status: 200,
  body: { rides, pagination: { page: 1, limit: 12, totalItems: rides.length, totalPages: 1, hasNextPage: false } },
});
const pricing = { 'GET /api/rides/settings/pricing': { status: 200, body: { ride_pricing_description: 'Base $15 pickup' } } };

test('the details modal offers every status but the current one and saves the choice', async () => {
  let current = 'pending';
  const fetchMock = mockFetch({
    ...pricing,
    'GET /api/rides': () => page([ride(5, current)]),
    'PUT /api/rides/5/status': (url, init) => {
      current = init.body.status;
      return { status: 200, body: { message: 'Ride status updated to accepted.', ride: ride(5, current) } };
    },
  });
  const { user } = renderWithProviders(<RideManagementPage />, { user: admin });

  expect(screen.getByRole('heading', { name: 'Ride Management' })).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: /Ride request #5 from Rider 5/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Ride Request #5' });
  expect(within(dialog).getByText('20 Dropoff Ave')).toBeInTheDocument();
  expect(within(dialog).getByText('A sofa')).toBeInTheDocument();
  expect(within(dialog).getByText('Tue, Nov 24, 2026')).toBeInTheDocument();
  expect(within(dialog).getByText('9:30 AM')).toBeInTheDocument();
  const statusButtons = within(within(dialog).getByRole('group', { name: 'Change status' })).getAllByRole('button');
  expect(statusButtons.map((b) => b.textContent)).toEqual(['Mark Accepted', 'Mark In Progress', 'Mark Completed', 'Mark Cancelled']);

  await user.click(within(dialog).getByRole('button', { name: 'Mark Accepted' }));

  // The status by its label, whatever casing the server's sentence used.
  expect(await screen.findByText('Ride status updated to Accepted.')).toBeInTheDocument();
  const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
  expect(put[1].body).toEqual({ status: 'accepted' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mark Pending' })).toBeInTheDocument());
  expect(within(dialog).queryByRole('button', { name: 'Mark Accepted' })).not.toBeInTheDocument();
});

test('a failed status change shows its message', async () => {
  mockFetch({ ...pricing, 'GET /api/rides': page([ride(5)]), 'PUT /api/rides/5/status': { status: 500, body: {} } });
  const { user } = renderWithProviders(<RideManagementPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: /Ride request #5/ }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark Completed' }));
  expect(await screen.findByText('Failed to update ride status')).toBeInTheDocument();
});

test('the status filter asks the server for that status only', async () => {
  const fetchMock = mockFetch({ ...pricing, 'GET /api/rides': page([]) });
  const { user } = renderWithProviders(<RideManagementPage />, { user: admin });
  expect(await screen.findByText('No ride requests')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Status'), 'completed');

  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => /\/api\/rides\?.*status=completed/.test(url))).toBe(true));
  const first = fetchMock.mock.calls.find(([url]) => url.includes('/api/rides?'));
  expect(first[0]).toMatch(/limit=12/);
  expect(first[0]).not.toMatch(/status=/);
});

test('delete asks for confirmation and removes the request', async () => {
  let rides = [ride(5)];
  const fetchMock = mockFetch({
    ...pricing,
    'GET /api/rides': () => page(rides),
    'DELETE /api/rides/5': () => {
      rides = [];
      return { status: 204 };
    },
  });
  const { user } = renderWithProviders(<RideManagementPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: /Ride request #5/ }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Ride Request #5' })).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete Ride Request' });
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('No ride requests')).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([, init]) => init.method === 'DELETE')).toBe(true);
});

test('pricing description loads, saves, and reports a failed save', async () => {
  let fail = false;
  const fetchMock = mockFetch({
    ...pricing,
    'GET /api/rides': page([]),
    'PUT /api/rides/settings/pricing': (url, init) =>
      fail
        ? { status: 500, body: {} }
        : { status: 200, body: { message: 'Pricing description updated', ride_pricing_description: init.body.description } },
  });
  const { user } = renderWithProviders(<RideManagementPage />, { user: admin });
  const box = screen.getByLabelText(/Shown to customers/);
  await waitFor(() => expect(box).toHaveValue('Base $15 pickup'));

  await user.clear(box);
  await user.type(box, 'Flat $20');
  await user.click(screen.getByRole('button', { name: 'Save Pricing' }));
  expect(await screen.findByText('Pricing description updated')).toBeInTheDocument();
  const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
  expect(put[1].body).toEqual({ description: 'Flat $20' });

  fail = true;
  await user.click(screen.getByRole('button', { name: 'Save Pricing' }));
  expect(await screen.findByText('Failed to update pricing description')).toBeInTheDocument();
});

test('load failures use their texts', async () => {
  mockFetch({ ...pricing, 'GET /api/rides': { status: 500, body: {} } });
  renderWithProviders(<RideManagementPage />, { user: admin });
  expect(await screen.findByText('Failed to fetch rides')).toBeInTheDocument();
});

test('an unreachable server while loading says Error loading rides', async () => {
  mockFetch({ ...pricing, 'GET /api/rides': networkError() });
  renderWithProviders(<RideManagementPage />, { user: admin });
  expect(await screen.findByText('Error loading rides')).toBeInTheDocument();
});

test('ride rows show the pickup day and time in words', async () => {
  mockFetch({ ...pricing, 'GET /api/rides': page([ride(5)]) });
  renderWithProviders(<RideManagementPage />, { user: admin });
  const row = await screen.findByRole('button', { name: /Ride request #5/ });
  expect(within(row).getByText('Tue, Nov 24, 2026 at 9:30 AM')).toBeInTheDocument();
});
