// The rules page (admins): the list with its "check before relying on it" mark, the form with
// the server's messages beside its fields, switching a rule off, deleting after a confirmation,
// and the category kill switch.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, writeCalls } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { CompliancePage } from '..';

const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };

const KRATOM_OFF = {
  id: 3,
  name: 'Kratom off sale',
  applies: { category: 'kratom' },
  where: {},
  from: null,
  until: null,
  action: 'block',
  message: 'Kratom is not for sale (CDPH, October 2025).',
  requires: [],
  source: 'CDPH notice, October 2025',
  active: true,
  reviewed: false,
};
const FLAVOURED = {
  id: 4,
  name: 'Flavoured vapes',
  applies: { attribute: 'flavoured' },
  where: { state: 'CA' },
  from: '2022-12-21',
  until: null,
  action: 'block',
  message: 'Flavoured e-liquids cannot be sold in California.',
  requires: [],
  source: 'SB 793',
  active: true,
  reviewed: true,
};

const bodyOf = (init) => (typeof init.body === 'string' ? JSON.parse(init.body) : init.body);

function renderRules(rules, handlers = {}) {
  const fetchMock = mockFetch({ 'GET /api/compliance/rules': { status: 200, body: rules }, ...handlers });
  const result = renderWithProviders(<CompliancePage />, { user: ADMIN, route: '/compliance' });
  return { ...result, fetchMock };
}

test('the list shows each rule, with "Check before relying on it" on a rule not reviewed', async () => {
  renderRules([KRATOM_OFF, FLAVOURED]);
  const table = await screen.findByRole('table', { name: 'Rules' });
  const kratom = within(table).getByRole('row', { name: /Kratom off sale/ });
  expect(kratom).toHaveTextContent('Check before relying on it');
  expect(kratom).toHaveTextContent('Everywhere');
  expect(kratom).toHaveTextContent('CDPH notice, October 2025');
  const flavoured = within(table).getByRole('row', { name: /Flavoured vapes/ });
  expect(flavoured).not.toHaveTextContent('Check before relying on it');
  expect(flavoured).toHaveTextContent('From 2022-12-21');
  expect(flavoured).toHaveTextContent('CA');
});

test("the form sends the rule and shows the server's messages beside the fields", async () => {
  const refusal = {
    status: 400,
    body: {
      message: 'Please correct the rule.',
      code: 'invalid',
      errors: { name: ['Give the rule a name.'], where: { state: ['A state is two letters, like CA.'] } },
    },
  };
  const { user, fetchMock } = renderRules([], { 'POST /api/compliance/rules': refusal });
  await user.click(await screen.findByRole('button', { name: 'New rule' }));
  const dialog = await screen.findByRole('dialog', { name: 'New rule' });
  await user.selectOptions(within(dialog).getByLabelText('Attribute'), 'n2o');
  await user.type(within(dialog).getByLabelText('State'), 'ca');
  await user.type(within(dialog).getByLabelText('Cities'), 'Orange, Tustin');
  await user.selectOptions(within(dialog).getByLabelText('Action'), 'record');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Signature' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Home address' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));

  expect(await within(dialog).findByText('Give the rule a name.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Give the rule a name.');
  expect(within(dialog).getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByText('A state is two letters, like CA.')).toBeInTheDocument();
  expect(within(dialog).getByText('Please correct the rule.')).toBeInTheDocument();
  const [[url, init]] = writeCalls(fetchMock);
  expect(url).toBe('/api/compliance/rules');
  expect(bodyOf(init)).toEqual({
    name: '',
    applies: { attribute: 'n2o' },
    where: { state: 'CA', cities: ['Orange', 'Tustin'] },
    from: null,
    until: null,
    action: 'record',
    message: '',
    requires: ['signature', 'homeAddress'],
    source: '',
    active: true,
  });
  // A long form typed key by key: more than the default 5 s on a busy machine.
}, 30000);

test('a rule is switched off with a PATCH, and deleted only after the confirmation', async () => {
  const { user, fetchMock } = renderRules([FLAVOURED], {
    'PATCH /api/compliance/rules/4': { status: 200, body: { ...FLAVOURED, active: false } },
    'DELETE /api/compliance/rules/4': { status: 204 },
  });
  await user.click(await screen.findByRole('switch', { name: 'Flavoured vapes active' }));
  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(1));
  expect(bodyOf(writeCalls(fetchMock)[0][1])).toEqual({ active: false });

  await user.click(screen.getByRole('button', { name: 'Delete Flavoured vapes' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete Flavoured vapes?' });
  expect(writeCalls(fetchMock)).toHaveLength(1);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(2));
  expect(writeCalls(fetchMock)[1][0]).toBe('/api/compliance/rules/4');
  expect(writeCalls(fetchMock)[1][1].method).toBe('DELETE');
});

test("the kill switch creates a category's block rule the first time, and switches an existing one", async () => {
  const { user, fetchMock } = renderRules([KRATOM_OFF], {
    'POST /api/compliance/rules': (url, init) => ({ status: 201, body: { id: 9, ...bodyOf(init), reviewed: true } }),
    'PATCH /api/compliance/rules/3': { status: 200, body: { ...KRATOM_OFF, active: false } },
  });
  const switches = await screen.findByRole('region', { name: 'Take a category off sale' });
  const kratom = await within(switches).findByRole('switch', { name: 'Kratom' });
  expect(kratom).toBeChecked();
  const juices = within(switches).getByRole('switch', { name: 'Juices' });
  expect(juices).not.toBeChecked();

  await user.click(juices);
  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(1));
  const [url, init] = writeCalls(fetchMock)[0];
  expect(url).toBe('/api/compliance/rules');
  expect(bodyOf(init)).toMatchObject({ applies: { category: 'juices' }, where: {}, action: 'block', active: true });

  await user.click(kratom);
  await waitFor(() => expect(writeCalls(fetchMock)).toHaveLength(2));
  expect(writeCalls(fetchMock)[1][0]).toBe('/api/compliance/rules/3');
  expect(bodyOf(writeCalls(fetchMock)[1][1])).toEqual({ active: false });
});
