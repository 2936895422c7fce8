// Product types as edited in the form: rows keep the server's id, or a temporary 'tmp-<n>' id
// until saved. Pure functions so the payload can be tested without a form.
import { NOTHING_OWN, ownOf, regulatoryChange } from './regulatory';

export const TYPE_NAME_REQUIRED = 'Please enter name for the product type';

let tmpCounter = 0;
export function newTypeRow() {
  tmpCounter += 1;
  return {
    id: `tmp-${tmpCounter}`,
    name: '',
    price: '',
    compareAtPrice: '',
    availability: true,
    quantity: '0',
    regulatoryOwn: NOTHING_OWN,
  };
}

export function isTemporaryId(id) {
  return typeof id === 'string' && id.startsWith('tmp-');
}

export function rowsFromTypes(types) {
  return (types || []).map((type) => ({
    id: type.id,
    name: type.name ?? '',
    price: type.price === null || type.price === undefined ? '' : String(type.price),
    compareAtPrice: type.compareAtPrice === null || type.compareAtPrice === undefined ? '' : String(type.compareAtPrice),
    availability: Boolean(type.availability),
    quantity: String(type.quantity ?? 0),
    regulatoryOwn: ownOf(type),
    regulatoryBefore: ownOf(type),
  }));
}

// '' or anything that is not a number means "no own price" (the product's price applies).
export function parseTypePrice(value) {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

function parseQuantity(value) {
  const number = parseInt(String(value ?? '').trim(), 10);
  return Number.isFinite(number) && number >= 0 ? number : 0;
}

export function typePayload(row) {
  const regulatory = regulatoryChange(row.regulatoryOwn, row.regulatoryBefore);
  return {
    name: row.name.trim(),
    availability: Boolean(row.availability),
    price: parseTypePrice(row.price),
    // The "was" price shown struck through while on sale; '' (null) when not on sale.
    compareAtPrice: parseTypePrice(row.compareAtPrice),
    quantity: parseQuantity(row.quantity),
    // The type's own attributes (each null: its product's apply), when it has or had any.
    ...(regulatory ? { regulatory } : {}),
  };
}

// First problem found, or null.
export function validateTypeRows(rows) {
  return rows.some((row) => !String(row.name || '').trim()) ? TYPE_NAME_REQUIRED : null;
}

// The `types` field of the product form: the full list the product should have. Rows keep their
// server id; new rows ('tmp-<n>') go without one; rows removed from the form are left out, and
// the server deletes those types in the same transaction as the product.
export function typesPayload(rows) {
  return rows.map((row) => (isTemporaryId(row.id) ? typePayload(row) : { id: row.id, ...typePayload(row) }));
}

// The units of every type together: what a product with types has in stock, shown in the
// product's quantity field while its types are edited.
export function typesStockTotal(rows) {
  return rows.reduce((sum, row) => sum + parseQuantity(row.quantity), 0);
}
