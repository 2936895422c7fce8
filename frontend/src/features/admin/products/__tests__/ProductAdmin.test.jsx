import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { mockFetch, networkError } from '../../../../test/fetch';
import { EmptyCatalogAdminAction, ProductAdminToolbar } from '../ProductAdminToolbar';
import { ProductAdminActions } from '../ProductAdminActions';
import { formFields, installFakeUpload } from '../../testing/fakeUpload';

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
  types: [{ id: 21, name: 'Mint', availability: true, price: null, quantity: 3 }],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

let upload;
afterEach(() => upload?.restore());

describe('product form', () => {
  test('name is required; nothing is sent without it', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: {} }));
    const { user } = renderWithProviders(<ProductAdminToolbar category="juices" />, { user: admin });

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByLabelText('Category')).toHaveValue('juices');
    expect(within(dialog).getByText(/Up to 5 images/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findAllByText('Product name is required.')).not.toHaveLength(0);
    expect(upload.requests).toHaveLength(0);
  });

  test('a type row without a name blocks saving with the spec message', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: {} }));
    const { user } = renderWithProviders(<ProductAdminToolbar />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByLabelText('Category')).toHaveValue('disposables');

    await user.type(within(dialog).getByLabelText(/^Name/), 'Juice');
    await user.click(within(dialog).getByRole('button', { name: 'Add Type' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findAllByText('Please enter name for the product type')).not.toHaveLength(0);
    expect(upload.requests).toHaveLength(0);
  });

  test('create sends the multipart form, then the types, and reports types that failed', async () => {
    upload = installFakeUpload(() => ({ status: 201, body: { ...product, id: 7, name: 'Juice', images: [], types: [] } }));
    const fetchMock = mockFetch({
      'POST /api/products/7/types': (url, init) => (init.body.name === 'Bad'
        ? { status: 500, body: { message: 'Boom' } }
        : { status: 201, body: { id: 30, ...init.body } }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
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
    await user.type(within(dialog).getByLabelText('Type 2 Name'), 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created but some types failed to save')).toBeInTheDocument();
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

    const typeBodies = fetchMock.mock.calls.map(([, init]) => init.body);
    expect(typeBodies).toEqual([
      { name: 'Mango', price: 14, availability: false, quantity: 0 },
      { name: 'Bad', price: null, availability: true, quantity: 0 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('edit keeps the images not removed (existingImages) and sends no unchanged types', async () => {
    upload = installFakeUpload(() => ({ status: 200, body: product }));
    const fetchMock = mockFetch({});
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
    const fields = formFields(request.body);
    expect(JSON.parse(fields.existingImages[0])).toEqual(['/media/products/b.jpg']);
    expect(fields.price).toEqual(['']);
    expect(fields.images).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a refused save shows the server text after "Error:"', async () => {
    upload = installFakeUpload(() => ({ status: 400, body: { message: 'Price must be a number of 0 or more with at most 2 decimals.' } }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<ProductAdminActions product={product} />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error: Price must be a number of 0 or more with at most 2 decimals.',
    );
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
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
  const renderActions = () => renderWithProviders(<><ProductAdminActions product={product} /><Where /></>, {
    user: admin, route: '/product/3',
  });

  test('confirmed delete removes the product, toasts and goes home', async () => {
    const fetchMock = mockFetch({ 'DELETE /api/products/3': { status: 204 } });
    const { user } = renderActions();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('a refused delete says so and stays on the page', async () => {
    mockFetch({ 'DELETE /api/products/3': { status: 500, body: {} } });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Product' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/product/3');
  });

  test('an unreachable server gives the retry text', async () => {
    mockFetch({ 'DELETE /api/products/3': networkError() });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Product' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error deleting product. Please try again.')).toBeInTheDocument();
  });
});
