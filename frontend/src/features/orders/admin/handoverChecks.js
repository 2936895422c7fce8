// What a hand-over asks: the order's `checks`, from its 21+ ID check and the rules it was placed
// under: `requiredFields` in the request's own names (idType, birthYear, recipientName,
// homeAddress, signature) and `messages` to read out. A field the server still names as missing
// in its 400 (`errors`) is asked too, so a check is never silently skipped.

export const HANDOVER_FIELDS = ['idType', 'birthYear', 'recipientName', 'homeAddress', 'signature'];

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

const required = (checks) => checks?.requiredFields ?? [];

// Whether the hand-over must record anything (a plain Complete is refused then).
export const hasChecks = (checks) => required(checks).length > 0;

export function fieldsFor(checks, errors = {}) {
  const wanted = new Set([...required(checks), ...Object.keys(errors || {})]);
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

// What the driver is told to check at the door: the ID's type and year as one line, then each
// other field.
const CHECK_WORDS = {
  id: 'Photo ID: note its type and the year of birth (21+)',
  recipientName: "The recipient's name",
  homeAddress: "The buyer's home address",
  signature: "The recipient's signature",
};

export const checkList = (checks) => {
  const fields = fieldsFor(checks);
  const words = fields.some((f) => f === 'idType' || f === 'birthYear') ? [CHECK_WORDS.id] : [];
  fields.filter((f) => f !== 'idType' && f !== 'birthYear').forEach((f) => words.push(CHECK_WORDS[f]));
  return words;
};

// The rules' messages the person handing over reads out or checks (printed warnings, "ID at the
// door"), each once.
export const handoverMessages = (order) => [...new Set((order?.checks?.messages ?? []).filter(Boolean))];

// What an order's hand-over recorded (`handover`, staff answers only) and whether it was signed.
export const handoverRecord = (order) => ({ ...(order?.handover ?? {}), signed: Boolean(order?.signatureUrl) });
