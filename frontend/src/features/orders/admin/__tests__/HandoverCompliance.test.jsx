// The hand-over under the compliance rules: the form asks exactly the order's
// `checks.requiredFields`, shows the rules' warnings to read out, puts the server's refusal
// beside its field, and the drawer shows what was recorded with the signature image.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import AdminOrdersPage from '../AdminOrdersPage';
import { order } from './orderBuilder';

const staff = { id: 5, name: 'Sam', email: 'sam@example.com', role: 'staff' };
const SIGNATURE = 'data:image/png;base64,c2lnbmVk';
const WARNING = 'Nitrous oxide: breathing it can be harmful or fatal (PC 381e).';
const CHECKS = { requiredFields: ['idType', 'birthYear', 'homeAddress', 'signature'], messages: [WARNING] };

function server(start, handover) {
  let current = start;
  const fetchMock = mockFetch({
    'GET /api/orders': () => ({
      status: 200,
      body: {
        orders: [current],
        counts: { pending: 1, completed: 0, cancelled: 0 },
        pagination: { page: 1, limit: 25, totalItems: 1, totalPages: 1, hasNextPage: false },
      },
    }),
    'POST /api/orders/16/handover': (url, init) => {
      const answer = handover(init.body);
      if (answer.status === 200) current = answer.body.order;
      return answer;
    },
    'GET /api/orders/16/signature': { status: 200, body: {} },
  });
  // The signature is a PNG: the answer reads as a Blob.
  const reply = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (url, init) => {
    const answer = await reply(url, init);
    if (String(url).includes('/signature')) answer.blob = async () => new Blob(['png'], { type: 'image/png' });
    return answer;
  });
  return fetchMock;
}

beforeEach(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    scale() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    clearRect() {},
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SIGNATURE);
  global.URL.createObjectURL = jest.fn(() => 'blob:signature');
  global.URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

test('the form asks exactly the required fields, with the warnings; a refusal lands beside its field; the drawer shows the record', async () => {
  const start = order(16, { checks: CHECKS, idNotice: 'ID will be checked at delivery (21+)' });
  let tries = 0;
  const fetchMock = server(start, (body) => {
    tries += 1;
    if (tries === 1) {
      return {
        status: 400,
        body: { message: 'The ID does not match.', errors: { birthYear: ['The year of birth does not match the profile.'] } },
      };
    }
    const done = {
      ...start,
      status: 'completed',
      handedOverAt: '2026-11-23T19:00:00Z',
      handedOverBy: 'Sam',
      checks: { requiredFields: [], messages: [] },
      handover: { idType: body.idType, birthYear: body.birthYear, recipientName: '', homeAddress: body.homeAddress },
      signatureUrl: '/api/orders/16/signature',
    };
    return { status: 200, body: { message: 'Order handed over.', order: done } };
  });
  const { user } = renderWithProviders(<AdminOrdersPage />, { user: staff, route: '/orders' });
  await user.click(await screen.findByRole('button', { name: 'Open order 16' }));
  const drawer = await screen.findByRole('dialog', { name: 'Order #16' });
  await user.click(within(drawer).getByRole('button', { name: 'Hand over order 16' }));
  const form = await screen.findByRole('dialog', { name: 'Hand over order #16' });

  expect(within(form).getByRole('list', { name: 'Read before handing over' })).toHaveTextContent(WARNING);
  expect(within(form).getByLabelText('ID type')).toBeInTheDocument();
  expect(within(form).getByLabelText('Year of birth on the ID')).toBeInTheDocument();
  expect(within(form).getByLabelText("Buyer's home address (as on the ID)")).toBeInTheDocument();
  expect(within(form).getByRole('img', { name: "Recipient's signature: not signed yet" })).toBeInTheDocument();
  expect(within(form).queryByLabelText("Recipient's name")).not.toBeInTheDocument();

  await user.selectOptions(within(form).getByLabelText('ID type'), 'Passport');
  await user.type(within(form).getByLabelText('Year of birth on the ID'), '1980');
  await user.type(within(form).getByLabelText("Buyer's home address (as on the ID)"), '9 Elm St, Garden Grove, CA 92840');
  const pad = within(form).getByRole('img', { name: "Recipient's signature: not signed yet" });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1, pointerType: 'touch' });
  await user.click(within(form).getByRole('button', { name: 'Complete hand-over' }));

  expect(await within(form).findByText('The year of birth does not match the profile.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Year of birth on the ID')).toHaveAccessibleDescription(
    'The year of birth does not match the profile.',
  );
  await user.clear(within(form).getByLabelText('Year of birth on the ID'));
  await user.type(within(form).getByLabelText('Year of birth on the ID'), '1990');
  await user.click(within(form).getByRole('button', { name: 'Complete hand-over' }));

  expect(await screen.findByText('Order handed over.')).toBeInTheDocument();
  const sent = writeCalls(fetchMock).map(([, init]) => init.body);
  expect(sent[1]).toEqual({
    outcome: 'delivered',
    idType: 'Passport',
    birthYear: 1990,
    homeAddress: '9 Elm St, Garden Grove, CA 92840',
    signature: SIGNATURE,
  });
  const record = await within(drawer).findByRole('region', { name: 'Hand-over of order 16' });
  expect(record).toHaveTextContent('Passport');
  expect(record).toHaveTextContent('1990');
  expect(record).toHaveTextContent('9 Elm St, Garden Grove, CA 92840');
  await waitFor(() => expect(within(record).getByRole('img', { name: 'Signature for order 16' })).toHaveAttribute('src', 'blob:signature'));
}, 30000);
