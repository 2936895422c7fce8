// The back office's money fields of the catalog: a product's and a type's "compare at" price
// (on sale), a product's excise exemption (0 mg), and a category's excise flag.
import { screen, waitFor, within } from '@testing-library/react';
import CATEGORIES from '../../../../test/fixtures/categories.json';
import { formFields, installFakeUpload } from '../../../../test/fakeUpload';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { ProductAdminToolbar } from '../ProductAdminToolbar';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

let upload;
afterEach(() => upload?.restore());

test('a new product is sent with its compare-at price, its exemption, and each type its own', async () => {
  upload = installFakeUpload(() => ({ status: 201, body: { id: 7, name: 'Zero Juice', images: [], types: [] } }));
  mockFetch({});
  const { user } = renderWithProviders(<ProductAdminToolbar category="juices" />, { user: admin });
  await user.click(screen.getByRole('button', { name: 'Add Product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
  await user.type(within(dialog).getByLabelText(/^Name/), 'Zero Juice');
  await user.type(within(dialog).getByLabelText('Price'), '15');
  await user.type(within(dialog).getByLabelText('Compare at price (on sale)'), '20');
  await user.click(within(dialog).getByLabelText(/exempt from the excise tax/));
  await user.click(within(dialog).getByRole('button', { name: 'Add Type' }));
  await user.type(within(dialog).getByLabelText('Type 1 Name'), 'Mango');
  await user.type(within(dialog).getByLabelText('Type 1 Compare at'), '22.5');
  await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  const fields = formFields(upload.requests[0].body);
  expect(fields.compareAtPrice).toEqual(['20']);
  expect(fields.exciseExempt).toEqual(['true']);
  expect(JSON.parse(fields.types[0])[0]).toMatchObject({ name: 'Mango', compareAtPrice: 22.5 });
});

test('an empty compare-at price means not on sale', async () => {
  upload = installFakeUpload(() => ({ status: 201, body: { id: 8, name: 'Plain', images: [], types: [] } }));
  mockFetch({});
  const { user } = renderWithProviders(<ProductAdminToolbar category="juices" />, { user: admin });
  await user.click(screen.getByRole('button', { name: 'Add Product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
  await user.type(within(dialog).getByLabelText(/^Name/), 'Plain');
  await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  const fields = formFields(upload.requests[0].body);
  expect(fields.compareAtPrice).toEqual(['']);
  expect(fields.exciseExempt).toEqual(['false']);
});

test("the category's excise flag is ticked as served and saved alone", async () => {
  const vapes = { ...CATEGORIES.find((c) => c.id === 'disposables'), exciseTax: true };
  const fetchMock = mockFetch({
    'GET /api/categories': { status: 200, body: CATEGORIES.map((c) => (c.id === vapes.id ? vapes : { ...c, exciseTax: false })) },
    'PATCH /api/categories/disposables': { status: 200, body: { ...vapes, exciseTax: false } },
  });
  const { user } = renderWithProviders(<ProductAdminToolbar category="disposables" />, { user: admin });
  const box = await screen.findByRole('checkbox', { name: 'Excise tax' });
  await waitFor(() => expect(box).toBeChecked());
  await user.click(box);
  await waitFor(() => expect(box).not.toBeChecked());
  expect(writeCalls(fetchMock)[0][1].body).toEqual({ exciseTax: false });
});
