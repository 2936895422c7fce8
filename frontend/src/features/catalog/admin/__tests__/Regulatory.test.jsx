// The regulatory attributes in the product form: each shown as inherited from the category
// until the owner sets it, sent as `regulatory` (null = inherit); a type's from its product.
import { screen, within } from '@testing-library/react';
import CATEGORIES from '../../../../test/fixtures/categories.json';
import { formFields, installFakeUpload } from '../../../../test/fakeUpload';
import { mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { ProductAdminToolbar } from '../ProductAdminToolbar';
import { inheritedFrom, regulatoryChange, valueText } from '../regulatory';
import { typePayload } from '../typeRows';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const JUICE_DEFAULTS = {
  nicotineMg: 3,
  flavoured: true,
  utlEntry: '',
  kratom: false,
  n2o: false,
  inhalable: false,
  thcDetectable: false,
  alcohol: false,
};
const categories = CATEGORIES.map((c) => (c.id === 'juices' ? { ...c, regulatory: JUICE_DEFAULTS } : c));

let upload;
afterEach(() => upload?.restore());

test('the form shows what the category gives, and sends what the owner sets (null: inherited)', async () => {
  upload = installFakeUpload(() => ({ status: 201, body: { id: 7, name: 'Tobacco Juice', images: [], types: [] } }));
  mockFetch({ 'GET /api/categories': { status: 200, body: categories } });
  const { user } = renderWithProviders(<ProductAdminToolbar category="juices" />, { user: admin });
  await user.click(screen.getByRole('button', { name: 'Add Product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
  await user.type(within(dialog).getByLabelText(/^Name/), 'Tobacco Juice');
  await user.click(within(dialog).getByText('Regulatory attributes', { exact: false, selector: 'summary' }));
  const flavoured = within(dialog).getByRole('group', { name: 'Flavoured' });
  expect(flavoured).toHaveTextContent('Yes (from the category)');
  expect(within(dialog).getByRole('group', { name: 'Nicotine (mg)' })).toHaveTextContent('3 mg (from the category)');

  await user.click(within(flavoured).getByRole('checkbox', { name: 'Flavoured: set here' }));
  await user.selectOptions(within(flavoured).getByRole('combobox', { name: 'Flavoured' }), 'no');
  const utl = within(dialog).getByRole('group', { name: /Unflavored Tobacco List/ });
  await user.click(within(utl).getByRole('checkbox'));
  await user.type(within(utl).getByRole('textbox'), 'Acme - Classic Tobacco');
  await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  const fields = formFields(upload.requests[0].body);
  expect(JSON.parse(fields.regulatory[0])).toEqual({
    nicotineMg: null,
    flavoured: false,
    utlEntry: 'Acme - Classic Tobacco',
    kratom: null,
    n2o: null,
    inhalable: null,
    thcDetectable: null,
    alcohol: null,
  });
  // A long form typed key by key: more than the default 5 s on a busy machine.
}, 30000);

test("a type inherits its product's own value before the category's, and clears back to inheriting", () => {
  expect(inheritedFrom({ flavoured: false }, JUICE_DEFAULTS)).toMatchObject({ flavoured: false, nicotineMg: 3 });
  expect(valueText('text', '')).toBe('Not listed');
  expect(valueText('bool', null)).toBe('Not set');
  // Nothing set before or now: nothing sent.
  expect(regulatoryChange({ flavoured: null }, { flavoured: null })).toBeNull();
  // Cleared: every key sent, null.
  expect(regulatoryChange({ flavoured: null }, { flavoured: true })).toMatchObject({ flavoured: null, nicotineMg: null });
  const row = { id: 4, name: 'Mint', price: '', compareAtPrice: '', availability: true, quantity: '1' };
  expect(typePayload({ ...row, regulatoryOwn: { nicotineMg: '6' }, regulatoryBefore: {} }).regulatory).toMatchObject({ nicotineMg: 6 });
  expect(typePayload({ ...row, regulatoryOwn: {}, regulatoryBefore: {} })).not.toHaveProperty('regulatory');
});
