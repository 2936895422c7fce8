import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, networkError } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { RideRequestButton } from '..';
import SHOP from '../../../test/fixtures/shopInfo.json';

const DEFAULT_PRICING_TEXT = SHOP.defaultRidePricing;

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };
const PRICING = { 'GET /api/rides/settings/pricing': { status: 200, body: { ride_pricing_description: 'Flat $30 anywhere.' } } };
const FILLED = {
  'Full Name': 'Ada Buyer',
  'Phone Number': '714-555-0100',
  'Pickup Address': '1 Main St',
  'Drop-off Address': '2 Oak Ave',
  'Pickup Date': '2999-12-31',
  'Pickup Time': '10:30',
  'Item Description': 'A sofa',
};

function fill(values = FILLED) {
  Object.entries(values).forEach(([label, value]) => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

const rideCalls = (fetchMock) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => /\/api\/rides$/.test(new URL(url, 'http://localhost').pathname) && init && init.method === 'POST',
  );

function bodyOf(init) {
  return typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
}

function header(init, name) {
  const headers = (init && init.headers) || {};
  if (typeof headers.get === 'function') return headers.get(name);
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? headers[key] : undefined;
}

// The customer's saved details (GET /api/auth/me): none unless a test says so.
const NO_DETAILS = { 'GET /api/auth/me': { status: 200, body: { ...CUSTOMER, name: '', phone: '' } } };

async function openModal(handlers) {
  const fetchMock = mockFetch({ ...PRICING, ...NO_DETAILS, ...handlers });
  const result = renderWithProviders(<RideRequestButton />, { user: CUSTOMER });
  await result.user.click(screen.getByRole('button', { name: 'REQUEST RIDE' }));
  await screen.findByRole('dialog', { name: 'Request a Ride' });
  return { ...result, fetchMock };
}

afterEach(() => {
  jest.useRealTimers();
});

test('pricing text is fetched on open without a token', async () => {
  const { fetchMock } = await openModal();
  expect(await screen.findByText('Flat $30 anywhere.')).toBeInTheDocument();
  const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/rides/settings/pricing'));
  expect(header(init, 'Authorization')).toBeFalsy();
  expect(screen.getByLabelText('Pickup Date')).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
});

test('pricing falls back to the default text when the fetch fails', async () => {
  await openModal({ 'GET /api/rides/settings/pricing': { status: 500, body: {} } });
  expect(await screen.findByText(DEFAULT_PRICING_TEXT)).toBeInTheDocument();
  expect(DEFAULT_PRICING_TEXT).toMatch(/\$15 base pickup fee plus \$2\.50 per mile/);
});

test('missing information: warning dialog and nothing sent', async () => {
  const { user, fetchMock } = await openModal();
  fill({ ...FILLED, 'Item Description': '   ' });
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('Missing Information')).toBeInTheDocument();
  expect(screen.getByText('Please fill in all fields before submitting your ride request.')).toBeInTheDocument();
  expect(rideCalls(fetchMock)).toHaveLength(0);
});

test('the form opens with the saved name and phone; Missing Information marks the empty fields', async () => {
  const { user } = await openModal({
    'GET /api/auth/me': { status: 200, body: { ...CUSTOMER, phone: '(714) 555-0142' } },
  });
  await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Buyer'));
  expect(screen.getByLabelText('Phone Number')).toHaveValue('(714) 555-0142');
  fill({ 'Pickup Address': '1 Main St', 'Pickup Date': '2999-12-31', 'Pickup Time': '10:30' });

  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('Missing Information')).toBeInTheDocument();

  const marked = ['Drop-off Address', 'Item Description'];
  marked.forEach((label) => {
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Please fill in this field.');
  });
  expect(screen.getByLabelText('Pickup Address')).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.getByLabelText('Drop-off Address')).toHaveFocus());
  fireEvent.change(screen.getByLabelText('Drop-off Address'), { target: { value: '2 Oak Ave' } });
  expect(screen.getByLabelText('Drop-off Address')).not.toHaveAttribute('aria-invalid');
});

test('double submit is blocked while the request is in flight', async () => {
  let answer;
  const { fetchMock } = await openModal({
    'POST /api/rides': () =>
      new Promise((resolve) => {
        answer = resolve;
      }),
  });
  fill();
  const form = screen.getByLabelText('Full Name').closest('form');
  fireEvent.submit(form);
  fireEvent.submit(form);
  expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  fireEvent.submit(form);
  expect(rideCalls(fetchMock)).toHaveLength(1);
  const [, init] = rideCalls(fetchMock)[0];
  expect(bodyOf(init)).toEqual({
    name: 'Ada Buyer',
    phone: '714-555-0100',
    address: '1 Main St',
    dropoffAddress: '2 Oak Ave',
    pickupDate: '2999-12-31',
    pickupTime: '10:30',
    itemDescription: 'A sofa',
  });
  expect(header(init, 'Authorization')).toMatch(/^Bearer /);
  await act(async () => answer({ status: 201, body: { message: 'ok', ride: { id: 1 } } }));
  expect(await screen.findByText('Request Submitted!')).toBeInTheDocument();
});

test('success: dialog auto-closes after 3 s, closing the modal; the form is cleared', async () => {
  jest.useFakeTimers();
  const fetchMock = mockFetch({ ...PRICING, ...NO_DETAILS, 'POST /api/rides': { status: 201, body: { message: 'ok', ride: { id: 1 } } } });
  renderWithProviders(<RideRequestButton />, { user: CUSTOMER });
  fireEvent.click(screen.getByRole('button', { name: 'REQUEST RIDE' }));
  await screen.findByRole('dialog', { name: 'Request a Ride' });
  fill();
  fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('Request Submitted!')).toBeInTheDocument();
  expect(
    screen.getByText('Your ride request has been submitted successfully. We will contact you soon to confirm the details.'),
  ).toBeInTheDocument();
  expect(rideCalls(fetchMock)).toHaveLength(1);

  act(() => jest.advanceTimersByTime(2900));
  expect(screen.getByText('Request Submitted!')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  await waitFor(() => expect(screen.queryByText('Request Submitted!')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).not.toBeInTheDocument());

  fireEvent.click(screen.getByRole('button', { name: 'REQUEST RIDE' }));
  expect(await screen.findByLabelText('Full Name')).toHaveValue('');
});

test('failure shows the server message in "Submission Failed"', async () => {
  const { user } = await openModal({
    'POST /api/rides': { status: 400, body: { message: 'Pickup date cannot be earlier than today.' } },
  });
  fill();
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
  expect(screen.getByText('Pickup date cannot be earlier than today.')).toBeInTheDocument();
  // The form is kept so the customer can correct it.
  expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Buyer');
});

test('failure without a server message shows the default text', async () => {
  const { user } = await openModal({ 'POST /api/rides': { status: 500, body: {} } });
  fill();
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('Failed to submit ride request. Please try again.')).toBeInTheDocument();
});

test('network failure shows "Network Error"', async () => {
  const { user } = await openModal({ 'POST /api/rides': networkError() });
  fill();
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('Network Error')).toBeInTheDocument();
  expect(screen.getByText('A network error occurred. Please check your connection and try again.')).toBeInTheDocument();
});

test('Escape closes the modal', async () => {
  const { user } = await openModal();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).not.toBeInTheDocument());
});
