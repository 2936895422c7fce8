import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { heroKeys } from '../../../../lib/queryKeys';
import { mockFetch } from '../../../../test/fetch';
import HeroManagementPage from '../HeroManagementPage';
import { formFields, installFakeUpload } from '../../../../test/fakeUpload';

const admin = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const hero = (id, title, order, isActive = true) => ({
  id,
  title,
  description: `${title} text`,
  alt_text: `${title} alt`,
  display_order: order,
  is_active: isActive,
  image_url: `/media/hero/${id}.jpg`,
  created_at: '2026-11-22T18:04:05Z',
});

const ok = (body) => ({ status: 200, body });

let upload;
afterEach(() => upload?.restore());

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

test('lists images in display order, 1-based, with inactive ones marked', async () => {
  mockFetch({ 'GET /api/hero/images': ok([hero(2, 'Second', 1, false), hero(1, 'First', 0)]) });
  renderWithProviders(<HeroManagementPage />, { user: admin });
  await screen.findByText('First');
  expect(titles()).toEqual(['First', 'Second']);
  expect(screen.getByText('Position 1')).toBeInTheDocument();
  expect(screen.getByText('Position 2')).toBeInTheDocument();
  expect(screen.getAllByText('Inactive')).toHaveLength(1);
});

test('an image URL or file is required', async () => {
  upload = installFakeUpload(() => ({ status: 201, body: {} }));
  mockFetch({ 'GET /api/hero/images': ok([]) });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await screen.findByText('No hero images available');

  await user.click(screen.getAllByRole('button', { name: /Add (Hero )?Image/ })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Add Hero Image' });
  await user.type(within(dialog).getByLabelText('Title'), 'Sale');
  await user.click(within(dialog).getByRole('button', { name: 'Add Image' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please provide an image URL or upload an image file');
  expect(upload.requests).toHaveLength(0);
});

test('a new image is sent as multipart with is_active 1 and a 1-based order', async () => {
  upload = installFakeUpload(() => ({ status: 201, body: hero(9, 'Sale', 0) }));
  mockFetch({ 'GET /api/hero/images': ok([]) });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await screen.findByText('No hero images available');
  await user.click(screen.getAllByRole('button', { name: /Add (Hero )?Image/ })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Add Hero Image' });
  await user.type(within(dialog).getByLabelText('Title'), 'Sale');
  await user.type(within(dialog).getByLabelText('Image URL'), 'https://cdn.example.com/sale.jpg');
  await user.click(within(dialog).getByRole('button', { name: 'Add Image' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const fields = formFields(upload.requests[0].body);
  expect(upload.requests[0].method).toBe('POST');
  expect(fields).toMatchObject({
    title: ['Sale'],
    display_order: ['1'],
    is_active: ['1'],
    image_url: ['https://cdn.example.com/sale.jpg'],
    cta_label: [''],
    cta_link: [''],
    object_position: ['50% 50%'],
  });
});

test("the slide's button and focal point are sent; the preview and its crops follow the focal point", async () => {
  upload = installFakeUpload(() => ({ status: 200, body: hero(1, 'Sale', 0) }));
  mockFetch({
    'GET /api/hero/images': ok([{ ...hero(1, 'Sale', 0), cta_label: 'Shop', cta_link: '/', object_position: '80% 50%' }]),
  });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  expect(await screen.findByAltText('Sale alt')).toHaveStyle({ objectPosition: '80% 50%' });
  await user.click(screen.getByRole('button', { name: 'Edit Sale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Hero Image' });
  expect(within(dialog).getByLabelText('Button label')).toHaveValue('Shop');
  expect(within(dialog).getByLabelText('Button link')).toHaveValue('/');
  const focal = within(dialog).getByLabelText('Focal point');
  expect(focal).toHaveValue('80% 50%');
  const crops = within(dialog).getByRole('group', { name: 'How the slide is cropped' }).querySelectorAll('img');
  expect(crops).toHaveLength(2);
  crops.forEach((crop) => expect(crop).toHaveStyle({ objectPosition: '80% 50%' }));

  // A click on the whole picture sets the point where it falls.
  const picker = within(dialog).getByRole('img', { name: 'Preview' }).closest('button');
  picker.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50 });
  await user.pointer({ keys: '[MouseLeft]', target: picker, coords: { clientX: 200, clientY: 200 } });
  expect(focal).toHaveValue('25% 75%');

  await user.clear(within(dialog).getByLabelText('Button label'));
  await user.type(within(dialog).getByLabelText('Button label'), 'Shop the sale');
  await user.clear(within(dialog).getByLabelText('Button link'));
  await user.type(within(dialog).getByLabelText('Button link'), '/?category=juices');
  await user.click(within(dialog).getByRole('button', { name: 'Update Image' }));
  await waitFor(() => expect(upload.requests).toHaveLength(1));
  expect(formFields(upload.requests[0].body)).toMatchObject({
    cta_label: ['Shop the sale'],
    cta_link: ['/?category=juices'],
    object_position: ['25% 75%'],
  });
});

test("the server's refusal of a bad link is shown in the form, which stays open", async () => {
  const message = 'Link must be a path on this site starting with / or an https:// address.';
  upload = installFakeUpload(() => ({ status: 400, body: { message, errors: { cta_link: [message] } } }));
  mockFetch({ 'GET /api/hero/images': ok([hero(1, 'Sale', 0)]) });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Edit Sale' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Hero Image' });
  await user.type(within(dialog).getByLabelText('Button label'), 'Go');
  await user.type(within(dialog).getByLabelText('Button link'), 'http://plain.example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Update Image' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('dialog', { name: 'Edit Hero Image' })).toBeInTheDocument();
});

test('toggle sends JSON is_active and refreshes', async () => {
  let active = true;
  const fetchMock = mockFetch({
    'GET /api/hero/images': () => ok([hero(1, 'First', 0, active)]),
    'PUT /api/hero/images/1': (url, init) => {
      active = init.body.is_active;
      return ok(hero(1, 'First', 0, active));
    },
  });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Deactivate First' }));

  expect(await screen.findByText('Inactive')).toBeInTheDocument();
  const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
  expect(put[1].body).toEqual({ is_active: false });
  expect(screen.getByRole('button', { name: 'Activate First' })).toBeInTheDocument();
});

test('moving down sends the whole order 1-based and shows the new order', async () => {
  const fetchMock = mockFetch({
    'GET /api/hero/images': ok([hero(1, 'First', 0), hero(2, 'Second', 1)]),
    'PUT /api/hero/images/reorder': ok([hero(2, 'Second', 0), hero(1, 'First', 1)]),
  });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await screen.findByText('First');
  expect(screen.getByRole('button', { name: 'Move First up' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Move First down' }));

  await waitFor(() => expect(titles()).toEqual(['Second', 'First']));
  const put = fetchMock.mock.calls.find(([url]) => url.includes('/reorder'));
  expect(put[1].body).toEqual({
    imageOrders: [
      { id: 2, display_order: 1 },
      { id: 1, display_order: 2 },
    ],
  });
});

test('a list reload already on its way does not put the old order back over the move', async () => {
  const deferred = () => {
    let resolve;
    const promise = new Promise((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  const before = [hero(1, 'First', 0), hero(2, 'Second', 1)];
  const reload = deferred();
  const saved = deferred();
  let gets = 0;
  mockFetch({
    'GET /api/hero/images': () => (++gets === 1 ? ok(before) : reload.promise),
    'PUT /api/hero/images/reorder': () => saved.promise,
  });
  const { user, queryClient } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await screen.findByText('First');
  // Something else asked for the list again (another write, a refocused window): its answer is late.
  queryClient.invalidateQueries({ queryKey: heroKeys.all });
  await waitFor(() => expect(gets).toBe(2));

  await user.click(screen.getByRole('button', { name: 'Move First down' }));
  expect(titles()).toEqual(['Second', 'First']);
  await act(async () => {
    reload.resolve(ok(before));
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(titles()).toEqual(['Second', 'First']);

  await act(async () => saved.resolve(ok([hero(2, 'Second', 0), hero(1, 'First', 1)])));
  expect(titles()).toEqual(['Second', 'First']);
});

test('a refused reorder reloads the list as the server has it', async () => {
  const fetchMock = mockFetch({
    'GET /api/hero/images': ok([hero(1, 'First', 0), hero(2, 'Second', 1)]),
    'PUT /api/hero/images/reorder': { status: 400, body: { message: 'Unknown hero image id: 2' } },
  });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await screen.findByText('First');

  await user.click(screen.getByRole('button', { name: 'Move Second up' }));

  expect(await screen.findByText('Error: Unknown hero image id: 2')).toBeInTheDocument();
  await waitFor(() =>
    expect(
      fetchMock.mock.calls.filter(([url, init]) => url.includes('/api/hero/images') && (init?.method || 'GET') === 'GET'),
    ).toHaveLength(2),
  );
  expect(titles()).toEqual(['First', 'Second']);
});

test('delete asks first', async () => {
  let list = [hero(1, 'First', 0)];
  mockFetch({
    'GET /api/hero/images': () => ok(list),
    'DELETE /api/hero/images/1': () => {
      list = [];
      return { status: 204 };
    },
  });
  const { user } = renderWithProviders(<HeroManagementPage />, { user: admin });
  await user.click(await screen.findByRole('button', { name: 'Delete First' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete Hero Image' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No hero images available')).toBeInTheDocument();
});
