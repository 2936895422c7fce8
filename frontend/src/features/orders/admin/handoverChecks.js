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

export const ID_TYPES = [
  { id: 'drivers_license', label: "Driver's license" },
  { id: 'state_id', label: 'State ID card' },
  { id: 'passport', label: 'Passport' },
  { id: 'military_id', label: 'Military ID' },
];

// The reasons a driver gives for a delivery that could not be made.
export const FAILED_REASONS = [
  { id: 'nobody_home', label: 'Nobody home' },
  { id: 'refused', label: 'Refused' },
  { id: 'no_valid_id', label: 'No valid ID' },
];

const FIELD_NAMES = {
  idType: 'the ID type',
  birthYear: 'the year of birth',
  recipientName: "the recipient's name",
  signature: 'the signature',
};

export function fieldsFor(checks, errors = {}) {
  const wanted = new Set();
  (checks || []).forEach((check) => {
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
