import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { ProductAdminActions } from '../ProductAdminActions';
import { EmptyCatalogAdminAction, ProductAdminToolbar } from '../ProductAdminToolbar';

const staff = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };
const typed = {
  id: 3,
  name: 'Cloud Vape',
  price: 19.99,
  availability: true,
  categoryId: 'disposables',
  images: [],
  quantity: 8,
  types: [{ id: 21, name: 'Mint', availability: true, price: null, quantity: 3 }],
};
const plain = { ...typed, id: 4, name: 'Mango Juice', types: [] };

test('a staff member edits stock and availability only: no Edit, no Delete, no price', async () => {
  const fetchMock = mockFetch({
    'GET /api/products/3': { status: 200, body: typed, headers: { ETag: '"v1"' } },
    'PUT /api/products/3/types/21': { status: 200, body: { ...typed.types[0], quantity: 5 }, headers: { ETag: '"v2"' } },
  });
  const { user } = renderWithProviders(<ProductAdminActions product={typed} />, { user: staff });
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Edit Stock' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Stock' });
  expect(within(dialog).queryByLabelText(/price/i)).not.toBeInTheDocument();
  expect(within(dialog).queryByLabelText(/^Name/)).not.toBeInTheDocument();
  // A typed product's own count is its types': only each type's is offered.
  const mint = within(dialog).getByRole('group', { name: 'Mint' });
  await user.clear(within(mint).getByLabelText('Quantity in stock'));
  await user.type(within(mint).getByLabelText('Quantity in stock'), '5');
  await user.click(within(dialog).getByRole('button', { name: 'Save Stock' }));
  expect(await screen.findByText('Stock updated')).toBeInTheDocument();
  const writes = writeCalls(fetchMock);
  expect(writes).toHaveLength(1);
  expect(writes[0][0]).toBe('/api/products/3/types/21');
  expect(writes[0][1].body).toEqual({ quantity: 5 });
  expect(writes[0][1].headers['If-Match']).toBe('"v1"');
});

test("a product's own count and availability go in one partial save; the server's refusal shows", async () => {
  const fetchMock = mockFetch({
    'GET /api/products/4': { status: 200, body: plain, headers: { ETag: '"v1"' } },
    'PUT /api/products/4': { status: 403, body: { message: 'Staff may change stock and availability only.' } },
  });
  const { user } = renderWithProviders(<ProductAdminActions product={plain} />, { user: staff });
  await user.click(screen.getByRole('button', { name: 'Edit Stock' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Stock' });
  await user.selectOptions(within(dialog).getByLabelText('Availability'), 'false');
  await user.clear(within(dialog).getByLabelText('Quantity in stock'));
  await user.type(within(dialog).getByLabelText('Quantity in stock'), '12');
  await user.click(within(dialog).getByRole('button', { name: 'Save Stock' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Staff may change stock and availability only.');
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/products/4');
  expect(Object.fromEntries(init.body.entries())).toEqual({ availability: 'false', quantity: '12' });
});

test('a count that is not a whole number is refused before anything is sent', async () => {
  const fetchMock = mockFetch({ 'GET /api/products/4': { status: 200, body: plain, headers: { ETag: '"v1"' } } });
  const { user } = renderWithProviders(<ProductAdminActions product={plain} />, { user: staff });
  await user.click(screen.getByRole('button', { name: 'Edit Stock' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Stock' });
  await user.clear(within(dialog).getByLabelText('Quantity in stock'));
  await user.click(within(dialog).getByRole('button', { name: 'Save Stock' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Quantities are whole numbers from 0.');
  expect(writeCalls(fetchMock)).toEqual([]);
});

test('staff get the stock filter but neither Add Product nor the first-product button', () => {
  mockFetch({});
  renderWithProviders(
    <>
      <ProductAdminToolbar category="juices" />
      <EmptyCatalogAdminAction />
    </>,
    { user: staff },
  );
  expect(screen.queryByRole('button', { name: /Add (Product|your first product)/ })).not.toBeInTheDocument();
});
