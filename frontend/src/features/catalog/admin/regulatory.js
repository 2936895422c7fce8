// A product's or type's regulatory attributes as the owner edits them (docs/api.md, Compliance):
// `regulatoryOwn` holds what the item sets itself, null where it inherits (a type from its
// product, a product from its category's defaults). The compliance rules read the values in
// force on the server; the form only shows where each comes from and sends the item's own.

export const REGULATORY = [
  { key: 'nicotineMg', label: 'Nicotine (mg)', kind: 'mg' },
  { key: 'flavoured', label: 'Flavoured', kind: 'bool' },
  { key: 'utlEntry', label: 'Unflavored Tobacco List entry (brand - style)', kind: 'text' },
  { key: 'kratom', label: 'Kratom or 7-OH', kind: 'bool' },
  { key: 'n2o', label: 'N2O (nitrous oxide)', kind: 'bool' },
  { key: 'inhalable', label: 'Inhalable (hemp)', kind: 'bool' },
  { key: 'thcDetectable', label: 'THC detectable', kind: 'bool' },
  { key: 'alcohol', label: 'Contains alcohol', kind: 'bool' },
];

export const NOTHING_OWN = Object.fromEntries(REGULATORY.map(({ key }) => [key, null]));

const isSet = (value) => value !== null && value !== undefined;

// The item's own values from an answer (an answer without them: everything inherited).
export const ownOf = (item) => ({ ...NOTHING_OWN, ...(item?.regulatoryOwn || {}) });

// What an item inherits: for each key, the first of `layers` (nearest first) that sets it.
export function inheritedFrom(...layers) {
  return Object.fromEntries(REGULATORY.map(({ key }) => [key, layers.map((layer) => layer?.[key]).find(isSet) ?? null]));
}

// A value in words: "Yes", "No", "3 mg", "Not listed", "Not set".
export function valueText(kind, value) {
  if (!isSet(value)) return 'Not set';
  if (kind === 'bool') return value ? 'Yes' : 'No';
  if (kind === 'mg') return `${Number(value)} mg`;
  return value ? String(value) : 'Not listed';
}

// The starting own value when the owner sets one: the inherited value, else a neutral one.
export function startValue(kind, inherited) {
  if (isSet(inherited)) return inherited;
  return { bool: false, mg: 0, text: '' }[kind];
}

// The body's `regulatory`: every key, null where inherited; a typed mg figure as a number.
export function regulatoryPayload(own) {
  return Object.fromEntries(
    REGULATORY.map(({ key, kind }) => {
      const value = own?.[key];
      if (!isSet(value)) return [key, null];
      if (kind === 'mg') {
        const text = String(value).trim();
        return [key, text === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text];
      }
      return [key, value];
    }),
  );
}

// Whether an item sets any attribute itself.
export const setsAny = (own) => Object.values(own || {}).some(isSet);

// The body's `regulatory` when there is something to say: an item that sets (or did set, and
// now clears) an attribute; null when it inherits everything as before, so nothing is sent.
export const regulatoryChange = (own, before) => (setsAny(own) || setsAny(before) ? regulatoryPayload(own) : null);
