import { screen, waitFor, within } from '@testing-library/react';
import CATEGORIES from '../../../../test/fixtures/categories.json';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { ProductAdminToolbar } from '../ProductAdminToolbar';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const vapes = CATEGORIES.find((c) => c.id === 'disposables');

test("the browsed category's two flags, as the server serves them", async () => {
  mockFetch();
  renderWithProviders(<ProductAdminToolbar category="disposables" />, { user: admin });
  const rules = await screen.findByRole('group', { name: `${vapes.name} sale rules` });
  expect(within(rules).getByRole('checkbox', { name: '21+ only' })).toBeChecked();
  expect(within(rules).getByRole('checkbox', { name: 'Can be shipped' })).not.toBeChecked();
});

test('a tick saves that flag alone (PATCH) and shows the answer', async () => {
  const fetchMock = mockFetch({
    'PATCH /api/categories/disposables': { status: 200, body: { ...vapes, shippable: true } },
  });
  const { user } = renderWithProviders(<ProductAdminToolbar category="disposables" />, { user: admin });
  await user.click(await screen.findByRole('checkbox', { name: 'Can be shipped' }));

  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Can be shipped' })).toBeChecked());
  expect(await screen.findByText(`${vapes.name} updated`)).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/categories/disposables');
  expect(init.method).toBe('PATCH');
  expect(init.body).toEqual({ shippable: true });
  expect(init.headers.Authorization).toMatch(/^Bearer /);
});

test("a refusal shows the server's message and leaves the box as it was", async () => {
  mockFetch({
    'PATCH /api/categories/disposables': { status: 403, body: { message: 'Admin access required' } },
  });
  const { user } = renderWithProviders(<ProductAdminToolbar category="disposables" />, { user: admin });
  const box = await screen.findByRole('checkbox', { name: '21+ only' });
  await user.click(box);
  expect(await screen.findByText('Admin access required')).toBeInTheDocument();
  expect(box).toBeChecked();
});

test('all products (no category): no flags to edit', async () => {
  mockFetch();
  renderWithProviders(<ProductAdminToolbar category={null} />, { user: admin });
  expect(await screen.findByRole('button', { name: 'Add Product' })).toBeInTheDocument();
  expect(screen.queryByRole('group')).not.toBeInTheDocument();
});
