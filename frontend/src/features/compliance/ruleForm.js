// A compliance rule as the form edits it (strings as typed) and back as the API's body, and the
// words the rules page uses for its values. Pure functions, tested without a form. The server
// checks every value (a state is two letters, a ZIP five digits, the dates in order...) and
// names the field it refuses; nothing is judged here.

export const ATTRIBUTES = [
  { id: 'nicotine', label: 'Contains nicotine' },
  { id: 'flavoured', label: 'Flavoured' },
  { id: 'notOnUtl', label: 'Nicotine, not on the Unflavored Tobacco List' },
  { id: 'kratom', label: 'Kratom or 7-OH' },
  { id: 'n2o', label: 'N2O (nitrous oxide)' },
  { id: 'inhalable', label: 'Inhalable' },
  { id: 'thcDetectable', label: 'THC detectable' },
  { id: 'alcohol', label: 'Contains alcohol' },
];

export const ACTIONS = [
  { id: 'block', label: 'Block the sale' },
  { id: 'id_at_handover', label: 'Check at hand-over' },
  { id: 'record', label: 'Record the sale' },
  { id: 'no_mail_carrier', label: 'Never by mail' },
];

export const REQUIREMENTS = [
  { id: 'idType', label: 'ID type' },
  { id: 'birthYear', label: 'Year of birth (21+)' },
  { id: 'recipientName', label: "Recipient's name" },
  { id: 'homeAddress', label: 'Home address' },
  { id: 'signature', label: 'Signature' },
];

// The actions whose hand-over records what `requires` lists.
export const asksAtHandover = (action) => action === 'id_at_handover' || action === 'record';

const labelIn = (list, id) => list.find((entry) => entry.id === id)?.label ?? id;
export const actionLabel = (id) => labelIn(ACTIONS, id);
export const attributeLabel = (id) => labelIn(ATTRIBUTES, id);

const text = (value) => (value === null || value === undefined ? '' : String(value));
const listText = (list) => (Array.isArray(list) ? list.join(', ') : text(list));

export const EMPTY_RULE = {
  name: '',
  attribute: '',
  category: '',
  state: '',
  cities: '',
  zips: '',
  counter: false,
  from: '',
  until: '',
  action: 'block',
  message: '',
  requires: [],
  source: '',
  active: true,
};

export function toForm(rule) {
  if (!rule) return EMPTY_RULE;
  const applies = rule.applies || {};
  const where = rule.where || {};
  return {
    name: text(rule.name),
    attribute: text(applies.attribute),
    category: text(applies.category),
    state: text(where.state),
    cities: listText(where.cities),
    zips: listText(where.zips),
    counter: where.counter === true,
    from: text(rule.from),
    until: text(rule.until),
    action: rule.action || 'block',
    message: text(rule.message),
    requires: [...(rule.requires || [])],
    source: text(rule.source),
    active: rule.active !== false,
  };
}

// "Garden Grove, Orange" -> ['Garden Grove', 'Orange']; ZIP codes may be split by spaces too.
const split = (value, pattern) =>
  String(value || '')
    .split(pattern)
    .map((part) => part.trim())
    .filter(Boolean);

// Only the keys given: an empty `where` is everywhere.
function whereOf(form) {
  const where = {};
  if (form.state.trim()) where.state = form.state.trim().toUpperCase();
  const cities = split(form.cities, /,/);
  if (cities.length) where.cities = cities;
  const zips = split(form.zips, /[\s,]+/);
  if (zips.length) where.zips = zips;
  if (form.counter) where.counter = true;
  return where;
}

export function toBody(form) {
  const applies = {};
  if (form.attribute) applies.attribute = form.attribute;
  if (form.category) applies.category = form.category;
  return {
    name: form.name.trim(),
    applies,
    where: whereOf(form),
    from: form.from || null,
    until: form.until || null,
    action: form.action,
    message: form.message.trim(),
    requires: asksAtHandover(form.action) ? form.requires : [],
    source: form.source.trim(),
    active: Boolean(form.active),
  };
}

// The server's message for a field, wherever its 400 put it: `errors.where.state`,
// `errors["where.state"]`, or the whole group's (`errors.where`) for each of its fields.
export function fieldError(errors, path) {
  const first = (value) => {
    if (Array.isArray(value)) return value.length ? first(value[0]) : '';
    return typeof value === 'string' ? value : '';
  };
  if (!errors) return '';
  if (errors[path] !== undefined) return first(errors[path]);
  const [group, name] = path.split('.');
  const nested = errors[group];
  if (!name || nested === undefined) return '';
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) return first(nested[name]);
  return first(nested);
}

// Where a rule holds, in words: "Everywhere", "CA; Orange, Tustin; at the counter".
export function whereText(where) {
  const w = where || {};
  const parts = [];
  if (w.state) parts.push(w.state);
  if (w.cities?.length) parts.push(w.cities.join(', '));
  if (w.zips?.length) parts.push(`ZIP ${w.zips.join(', ')}`);
  if (w.counter) parts.push('pickup at the counter');
  return parts.length ? parts.join('; ') : 'Everywhere';
}

// When: "Always", "From 2025-01-01", "Until 2026-06-30", "2025-01-01 to 2026-06-30".
export function whenText(rule) {
  if (rule.from && rule.until) return `${rule.from} to ${rule.until}`;
  if (rule.from) return `From ${rule.from}`;
  if (rule.until) return `Until ${rule.until}`;
  return 'Always';
}

// The kill switch of a category: its `block` rule applying to the category alone, everywhere.
// With several, the one switched on stands.
export function killSwitchOf(rules, categoryId) {
  const matches = (rules || []).filter((rule) => {
    const applies = rule.applies || {};
    return rule.action === 'block' && applies.category === categoryId && !applies.attribute && whereText(rule.where) === 'Everywhere';
  });
  return matches.find((rule) => rule.active) ?? matches[0] ?? null;
}

// A new kill switch's rule: off sale everywhere, from now on, until switched back.
export function killSwitchBody(category) {
  return {
    name: `${category.name} off sale`,
    applies: { category: category.id },
    where: {},
    from: null,
    until: null,
    action: 'block',
    message: `${category.name} is not for sale at the moment.`,
    requires: [],
    source: 'Taken off sale by the owner',
    active: true,
  };
}
