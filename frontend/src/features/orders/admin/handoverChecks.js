// What a hand-over asks. An order's `checks` (from the rules it was placed under) name what must
// be checked: "id" asks the ID's type and year of birth; a check named as a field asks that
// field. Whatever the server still names as missing in its 400 (`errors`) is asked too, so a
// check this list does not know yet is never silently skipped.

export const HANDOVER_FIELDS = ['idType', 'birthYear', 'recipientName', 'signature'];

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
  signature: 'the signature',
};

// An order's `checks` as a list: the server's `{requiredFields, messages}` gives its fields.
export const checkList = (checks) => (Array.isArray(checks) ? checks : (checks?.requiredFields ?? []));

export function fieldsFor(checks, errors = {}) {
  const wanted = new Set();
  checkList(checks).forEach((check) => {
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
  signature: "The recipient's signature",
};

export const checkWords = (check) => CHECK_WORDS[check] ?? check;
