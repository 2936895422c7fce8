import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch } from '../../../../test/fetch';
import { ProductAdminActions } from '../ProductAdminActions';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const product = {
  id: 3,
  name: 'Cloud Vape',
  description: '',
  price: 19.99,
  availability: true,
  category: 'disposables',
  categoryId: 'disposables',
  images: [],
  thumbnails: [],
  quantity: 8,
  types: [],
};
const KINDS = [
  { id: 'product', label: 'Products' },
  { id: 'type', label: 'Product types' },
];
const entry = (id, extra) => ({
  id,
  at: '2026-11-22T10:04:05-08:00',
  entity: 'product',
  entityId: 3,
  label: 'Cloud Vape',
  action: 'changed',
  person: { id: 1, name: 'Ada' },
  source: 'api',
  command: null,
  changes: [],
  ...extra,
});
const answer = (entries, page, hasNextPage) => ({
  status: 200,
  body: { entries, kinds: KINDS, pagination: { page, limit: 10, totalItems: 11, totalPages: 2, hasNextPage } },
});

const HANDLERS = {
  'GET /api/products/3': { status: 200, body: product, headers: { ETag: '"v1"' } },
  'GET /api/activity': (url) =>
    url.includes('page=2')
      ? answer([entry(1, { action: 'created', source: 'command', command: 'import_products', person: null })], 2, false)
      : answer(
          [
            entry(3, { changes: [{ field: 'price', label: 'Price', before: 18, after: 19.99, money: true }] }),
            entry(5, {
              entity: 'image',
              label: 'products/a0dfe1.webp',
              action: 'created',
              changes: [{ field: 'path', label: 'Path', before: null, after: 'products/a0dfe1.webp', money: false }],
            }),
            entry(4, { changes: [{ field: 'category', label: 'Category', before: 'disposables', after: 'party-supplies', money: false }] }),
            entry(2, {
              entity: 'type',
              label: 'Cloud Vape - Mint',
              source: 'admin',
              changes: [{ field: 'availability', label: 'Availability', before: true, after: false, money: false }],
            }),
          ],
          1,
          true,
        ),
};

async function openEditor() {
  const fetchMock = mockFetch(HANDLERS);
  const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin });
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
  return { user, dialog, fetchMock };
}

test("the product editor's History tab shows its changes, its types' included, in place of the form", async () => {
  const { user, dialog, fetchMock } = await openEditor();
  expect(await within(dialog).findByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/activity'))).toBe(false);

  await user.click(within(dialog).getByRole('tab', { name: 'History' }));

  const panel = await within(dialog).findByRole('tabpanel', { name: 'History' });
  expect(await within(panel).findByText('Price: $18.00 → $19.99')).toBeInTheDocument();
  expect(within(panel).getAllByText(/Ada \(back office\)/)[0]).toBeInTheDocument();
  expect(within(panel).getByText('Changed product types: Cloud Vape - Mint')).toBeInTheDocument();
  expect(within(panel).getByText('Availability: Yes → No')).toBeInTheDocument();
  expect(within(dialog).queryByLabelText(/^Name/)).not.toBeVisible();
  const url = fetchMock.mock.calls.map(([u]) => u).find((u) => u.startsWith('/api/activity'));
  expect(url).toMatch(/entity=product/);
  expect(url).toMatch(/id=3/);
});

test('the History tab pages back in time, and Details brings the form back', async () => {
  const { user, dialog } = await openEditor();
  await user.click(await within(dialog).findByRole('tab', { name: 'History' }));
  const panel = await within(dialog).findByRole('tabpanel', { name: 'History' });

  await user.click(await within(panel).findByRole('button', { name: 'Older' }));

  expect(await within(panel).findByText(/system, manage.py import_products/)).toBeInTheDocument();
  expect(within(panel).getByText('Page 2 of 2')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('tab', { name: 'Details' }));
  expect(within(dialog).getByLabelText(/^Name/)).toBeVisible();
});

test("the History tab speaks the form's words: images added, category names, no file paths, and only Close", async () => {
  const { user, dialog } = await openEditor();
  await user.click(await within(dialog).findByRole('tab', { name: 'History' }));
  const panel = await within(dialog).findByRole('tabpanel', { name: 'History' });

  expect(await within(panel).findByText('Image added')).toBeInTheDocument();
  expect(await within(panel).findByText('Category: Vapes → Party Supplies')).toBeInTheDocument();
  expect(within(panel).queryByText(/products\/a0dfe1/)).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Update Product' })).not.toBeInTheDocument();
  expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2); // the corner's and the footer's
  expect(within(dialog).getByRole('link', { name: 'Stock ledger' })).toHaveAttribute('href', '/products/3/stock');

  await user.click(within(dialog).getByRole('tab', { name: 'Details' }));
  expect(within(dialog).getByRole('button', { name: 'Update Product' })).toBeInTheDocument();
});
