import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch, networkError, writeCalls } from '../../../../test/fetch';
import { EmptyCatalogAdminAction, ProductAdminToolbar } from '../ProductAdminToolbar';
import { ProductAdminActions } from '../ProductAdminActions';
import { formFields, installFakeUpload } from '../../../../test/fakeUpload';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const product = {
  id: 3,
  name: 'Cloud Vape',
  description: 'Smooth',
  price: 19.99,
  availability: true,
  category: 'disposables',
  categoryId: 'disposables',
  images: ['/media/products/a.jpg', '/media/products/b.jpg'],
  thumbnails: ['/media/products/a_t.jpg', '/media/products/b_t.jpg'],
  quantity: 8,
  types: [{ id: 21, name: 'Mint', availability: true, price: null, compareAtPrice: null, quantity: 3 }],
};

// GET /api/products/3 answers the product with its version; the form opens on it.
const VERSIONED = { 'GET /api/products/3': { status: 200, body: product, headers: { ETag: '"v1"' } } };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

let upload;
afterEach(() => upload?.restore());

describe('product form', () => {
  test('name is required, said once beside it; nothing is sent without it', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: {} }));
    const { user } = renderWithProviders(<ProductAdminToolbar category="juices" />, { user: admin });

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('juices'));
    expect(within(dialog).getByText(/Up to 5 images/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Product name is required.');
    expect(within(dialog).getAllByText('Product name is required.')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Product name is required.');
    expect(upload.requests).toHaveLength(0);
  });

  test('a type row without a name blocks saving with its message', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: {} }));
    const { user } = renderWithProviders(<ProductAdminToolbar />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('disposables'));

    await user.type(within(dialog).getByLabelText(/^Name/), 'Juice');
    await user.click(within(dialog).getByRole('button', { name: 'Add Type' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findAllByText('Please enter name for the product type')).toHaveLength(1);
    expect(upload.requests).toHaveLength(0);
  });

  test('create sends the product and its types in one multipart request', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: { ...product, id: 7, name: 'Juice', images: [], types: [] } }));
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(<ProductAdminToolbar category="juices" />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });

    await user.type(within(dialog).getByLabelText(/^Name/), 'Juice');
    await user.type(within(dialog).getByLabelText('Price'), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Type' }));
    await user.type(within(dialog).getByLabelText('Type 1 Name'), 'Mango');
    await user.type(within(dialog).getByLabelText('Type 1 Price'), '14');
    await user.click(within(dialog).getByLabelText('Type 1 available'));
    expect(within(dialog).getByText('Out of stock')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Type' }));
    await user.type(within(dialog).getByLabelText('Type 2 Name'), 'Lime');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(upload.requests).toHaveLength(1);
    const [request] = upload.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toMatch(/\/api\/products$/);
    const fields = formFields(request.body);
    expect(fields.name).toEqual(['Juice']);
    expect(fields.price).toEqual(['12.5']);
    expect(fields.availability).toEqual(['true']);
    expect(fields.category).toEqual(['juices']);
    expect(fields.existingImages).toBeUndefined();
    expect(JSON.parse(fields.types[0])).toEqual([
      { name: 'Mango', price: 14, compareAtPrice: null, availability: false, quantity: 0 },
      { name: 'Lime', price: null, compareAtPrice: null, availability: true, quantity: 0 },
    ]);
    // No call per type: the server saves them with the product, all or nothing.
    expect(writeCalls(fetchMock)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test("with types the quantity is their sum, read-only and live; without, it is the product's own and sent", async () => {
    upload = installFakeUpload(() => ({ status: 200, body: product }));
    mockFetch(VERSIONED);
    const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const quantity = await within(dialog).findByLabelText('Quantity in stock');
    // The product's own figure is 8; its one type holds 3, and that is its stock.
    expect(quantity).toHaveValue(3);
    expect(quantity).toHaveAttribute('readonly');
    expect(quantity).toHaveAccessibleDescription("The sum of its types' quantities: set each type's below.");
    await user.click(within(dialog).getByRole('button', { name: 'Add Type' }));
    await user.type(within(dialog).getByLabelText('Type 2 Name'), 'Ice');
    await user.clear(within(dialog).getByLabelText('Type 2 Quantity'));
    await user.type(within(dialog).getByLabelText('Type 2 Quantity'), '4');
    expect(quantity).toHaveValue(7);
    await user.type(quantity, '5');
    expect(quantity).toHaveValue(7);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Type 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Type 1' }));
    expect(quantity).toHaveValue(8);
    expect(quantity).not.toHaveAttribute('readonly');
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(upload.requests).toHaveLength(1));
    expect(formFields(upload.requests[0].body).quantity).toEqual(['10']);
  });

  test('a save refused for one of its types keeps the form open with the server text', async () => {
    upload = installFakeUpload(() => ({ status: 400, body: { message: 'Product type not found' } }));
    mockFetch(VERSIONED);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove Type 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Product type not found');
    expect(JSON.parse(formFields(upload.requests[0].body).types[0])).toEqual([]);
  });

  test('edit keeps the images not removed (existingImages) and sends the types as they are', async () => {
    upload = installFakeUpload(() => ({ status: 200, body: product }));
    const fetchMock = mockFetch(VERSIONED);
    const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin, route: '/product/3' });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Cloud Vape');
    expect(within(dialog).getByLabelText('Type 1 Name')).toHaveValue('Mint');
    await user.click(within(dialog).getByRole('button', { name: 'Remove current image 1' }));
    await user.clear(within(dialog).getByLabelText('Price'));
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    const [request] = upload.requests;
    expect(request.method).toBe('PUT');
    expect(request.url).toMatch(/\/api\/products\/3$/);
    expect(request.headers['If-Match']).toBe('"v1"');
    const fields = formFields(request.body);
    expect(JSON.parse(fields.existingImages[0])).toEqual(['/media/products/b.jpg']);
    expect(fields.price).toEqual(['']);
    expect(fields.images).toBeUndefined();
    // The unchanged type is sent as it is, with its id, so the server keeps it.
    expect(JSON.parse(fields.types[0])).toEqual([
      { id: 21, name: 'Mint', availability: true, price: null, compareAtPrice: null, quantity: 3 },
    ]);
    expect(writeCalls(fetchMock)).toEqual([]);
  });

  test('a refused save shows the server text after "Error:"', async () => {
    upload = installFakeUpload(() => ({ status: 400, body: { message: 'Price must be a number of 0 or more with at most 2 decimals.' } }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(VERSIONED);
    const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(await within(dialog).findByRole('button', { name: 'Update Product' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error: Price must be a number of 0 or more with at most 2 decimals.',
    );
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  test('a save refused as stale (412) reloads the product, says what changed and keeps the edits', async () => {
    const changed = { ...product, quantity: 6, types: [{ ...product.types[0], quantity: 1 }] };
    let version = 1;
    upload = installFakeUpload((request) =>
      request.headers['If-Match'] === '"v1"'
        ? { status: 412, body: { message: 'This product was changed by someone else. Reload it and try again.' } }
        : { status: 200, body: changed },
    );
    const fetchMock = mockFetch({
      'GET /api/products/3': () => ({
        status: 200,
        body: version === 1 ? product : changed,
        headers: { ETag: `"v${version}"` },
      }),
    });
    const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const price = await within(dialog).findByLabelText('Price');
    await user.clear(price);
    await user.type(price, '21');
    version = 2;
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Stock changed from 8 to 6; Mint stock changed from 3 to 1 while you were editing. Review and save again.',
    );
    // Their stock is shown, the admin's price is kept, and nothing more was written.
    // With types, the stock shown is theirs: Mint's 1.
    expect(within(dialog).getByLabelText('Quantity in stock')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Type 1 Quantity')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Price')).toHaveValue(21);
    expect(writeCalls(fetchMock)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(upload.requests.map((r) => r.headers['If-Match'])).toEqual(['"v1"', '"v2"']);
    const fields = formFields(upload.requests[1].body);
    expect(fields.quantity).toBeUndefined();
    expect(fields.price).toEqual(['21']);
    expect(writeCalls(fetchMock)).toEqual([]);
  });
});

describe('product images', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn((file) => `blob:${file.name}`);
    URL.revokeObjectURL = jest.fn();
  });

  test('the empty catalog action opens the form; new files preview, cap at 5 and upload as images', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: { ...product, id: 9, types: [] } }));
    mockFetch({});
    const { user } = renderWithProviders(<EmptyCatalogAdminAction />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Add your first product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    const files = Array.from({ length: 6 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));

    await user.upload(within(dialog).getByLabelText('Add images'), files);

    expect(await screen.findByText('Up to 5 images')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img')).toHaveLength(5);
    expect(within(dialog).getByAltText('New image p0.png')).toHaveAttribute('src', 'blob:p0.png');
    expect(within(dialog).getByLabelText('Add images')).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove new image p4.png' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:p4.png');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Glass');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    const fields = formFields(upload.requests[0].body);
    expect(fields.images.map((f) => f.name)).toEqual(['p0.png', 'p1.png', 'p2.png', 'p3.png']);
  });
});

describe('product delete', () => {
  const renderActions = () =>
    renderWithProviders(
      <>
        <ProductAdminActions product={product} />
        <Where />
      </>,
      {
        user: admin,
        route: '/product/3',
      },
    );

  test('confirmed delete removes the product, toasts and goes home', async () => {
    const fetchMock = mockFetch({ ...VERSIONED, 'DELETE /api/products/3': { status: 204 } });
    const { user } = renderActions();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(writeCalls(fetchMock)).toHaveLength(1);
    expect(writeCalls(fetchMock)[0][1].headers['If-Match']).toBe('"v1"');
  });

  test('a refused delete says so and stays on the page', async () => {
    mockFetch({ ...VERSIONED, 'DELETE /api/products/3': { status: 500, body: {} } });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await within(await screen.findByRole('dialog', { name: 'Delete Product' })).findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/product/3');
  });

  test('an unreachable server gives the retry text', async () => {
    mockFetch({ ...VERSIONED, 'DELETE /api/products/3': networkError() });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await within(await screen.findByRole('dialog', { name: 'Delete Product' })).findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error deleting product. Please try again.')).toBeInTheDocument();
  });

  test('a delete refused as stale (412) says what changed and stays on the page', async () => {
    let version = 1;
    const fetchMock = mockFetch({
      'GET /api/products/3': () => ({
        status: 200,
        body: version === 1 ? product : { ...product, price: 24.5 },
        headers: { ETag: `"v${version}"` },
      }),
      'DELETE /api/products/3': { status: 412, body: { message: 'This product was changed by someone else.' } },
    });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await within(await screen.findByRole('dialog', { name: 'Delete Product' })).findByRole('button', { name: 'Delete' });
    version = 2;
    await user.click(confirm);

    expect(
      await screen.findByText('Price changed from $19.99 to $24.50 since you opened it. Review it before deleting.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/product/3');
    expect(writeCalls(fetchMock)[0][1].headers['If-Match']).toBe('"v1"');
  });
});
