// What a hand-over asks. An order's `checks` (from the rules it was placed under) name what must
// be recorded: `checks.requiredFields` lists the request's own names (idType, birthYear,
// recipientName, homeAddress, signature); an older answer's plain list names checks ("id" asks
// the ID's type and year of birth). Whatever the server still names as missing in its 400
// (`errors`) is asked too, so a check this list does not know yet is never silently skipped.

export const HANDOVER_FIELDS = ['idType', 'birthYear', 'recipientName', 'homeAddress', 'signature'];

const CHECK_FIELDS = {
  id: ['idType', 'birthYear'],
  age: ['idType', 'birthYear'],
  recipient: ['recipientName'],
};

// Sent as written: the order's record keeps the words an inspector reads.
export const ID_TYPES = ["Driver's license", 'State ID card', 'Passport', 'Military ID'];

// Why a delivery could not be made: the order's events keep the words ("Could not deliver: Refused").
export const FAILED_REASONS = ['Nobody home', 'Refused', 'No valid ID'];

const FIELD_NAMES = {
  idType: 'the ID type',
  birthYear: 'the year of birth',
  recipientName: "the recipient's name",
  homeAddress: 'the home address',
  signature: 'the signature',
};

// The names the order's checks ask for, whichever shape they came in.
const checkNames = (checks) => {
  if (Array.isArray(checks)) return checks;
  return Array.isArray(checks?.requiredFields) ? checks.requiredFields : [];
};

// Whether the hand-over must record anything (a plain Complete is refused then).
export const hasChecks = (checks) => checkNames(checks).length > 0;

export function fieldsFor(checks, errors = {}) {
  const wanted = new Set();
  checkNames(checks).forEach((check) => {
    const fields = CHECK_FIELDS[check] ?? (HANDOVER_FIELDS.includes(check) ? [check] : []);
    fields.forEach((field) => wanted.add(field));
  });
  Object.keys(errors || {}).forEach((name) => {
    if (HANDOVER_FIELDS.includes(name)) wanted.add(name);
  });
  return HANDOVER_FIELDS.filter((field) => wanted.has(field));
}

// Each asked field left empty, with its message; a failed delivery needs its reason.
export function missingFields(outcome, fields, values) {
  if (outcome === 'failed') return values.reason ? {} : { reason: 'Choose a reason.' };
  const missing = {};
  fields.forEach((field) => {
    const value = String(values[field] ?? '').trim();
    if (!value) missing[field] = `Please record ${FIELD_NAMES[field]}.`;
    else if (field === 'birthYear' && !/^\d{4}$/.test(value)) missing[field] = 'Write the year of birth as four digits.';
  });
  return missing;
}

// What the driver is told to check at the door, for each of the order's `checks`.
const CHECK_WORDS = {
  id: 'Photo ID: note its type and the year of birth (21+)',
  age: 'Photo ID: note its type and the year of birth (21+)',
  recipient: "The recipient's name",
  recipientName: "The recipient's name",
  homeAddress: "The buyer's home address",
  idType: 'The type of photo ID',
  birthYear: 'The year of birth on the ID (21+)',
  signature: "The recipient's signature",
};

export const checkWords = (check) => CHECK_WORDS[check] ?? check;

// What the driver is told, one line per thing to check, whichever shape `checks` came in: the
// ID's type and year as one line, then each other field, then any check this list does not know.
export const checkList = (checks) => {
  const fields = fieldsFor(checks);
  const words = fields.some((f) => f === 'idType' || f === 'birthYear') ? [CHECK_WORDS.id] : [];
  fields.filter((f) => f !== 'idType' && f !== 'birthYear').forEach((f) => words.push(checkWords(f)));
  const unknown = checkNames(checks).filter((n) => !CHECK_FIELDS[n] && !HANDOVER_FIELDS.includes(n));
  return [...new Set([...words, ...unknown])];
};

// The rules' messages the person handing over reads out or checks (printed warnings, "ID at the
// door"), each once: the answer's own `checks.messages`, else the hand-over rules the order
// was placed under (`complianceRules`, staff and admins only).
export function handoverMessages(order) {
  const own = order?.checks && !Array.isArray(order.checks) ? order.checks.messages : null;
  const messages = Array.isArray(own)
    ? own
    : (order?.complianceRules || [])
        .filter((rule) => rule.action === 'id_at_handover' || rule.action === 'record')
        .map((rule) => rule.message);
  return [...new Set(messages.filter(Boolean))];
}

// What an order's hand-over recorded, from its answer (`handover` {idType, birthYear,
// recipientName, homeAddress, signed}, or the same names flat on the order).
export function handoverRecord(order) {
  const h = order?.handover && typeof order.handover === 'object' ? order.handover : order || {};
  const pick = (name) => h[name] ?? h[`handover${name[0].toUpperCase()}${name.slice(1)}`] ?? null;
  const signed = h.signed ?? h.hasSignature ?? Boolean(order?.signatureUrl || h.signatureUrl);
  return {
    idType: pick('idType'),
    birthYear: pick('birthYear'),
    recipientName: pick('recipientName'),
    homeAddress: pick('homeAddress'),
    signed: Boolean(signed),
  };
}
