import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch } from '../../../../test/fetch';
import RideManagementPage from '../RideManagementPage';

const staff = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };
const ride = {
  id: 5,
  name: 'Rider 5',
  phone: '555-0101',
  address: '10 Pickup Rd',
  dropoff_address: '20 Dropoff Ave',
  pickup_date: '2026-11-24',
  pickup_time: '09:30',
  item_description: 'A sofa',
  status: 'pending',
  created_at: '2026-11-22T18:04:05Z',
  updated_at: '2026-11-22T18:04:05Z',
};

test('staff see rides and change their status, but neither the pricing text nor Delete', async () => {
  const fetchMock = mockFetch({
    'GET /api/rides': {
      status: 200,
      body: { rides: [ride], pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1, hasNextPage: false } },
    },
  });
  const { user } = renderWithProviders(<RideManagementPage />, { user: staff });
  await user.click(await screen.findByRole('button', { name: /Ride request #5 from Rider 5/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Ride Request #5' });
  expect(within(dialog).getByRole('button', { name: 'Mark Accepted' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => url.includes('/rides/settings/pricing'))).toBe(false);
});
