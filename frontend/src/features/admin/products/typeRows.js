// Product types as edited in the form: rows keep the server's id, or a temporary 'tmp-<n>' id
// until saved (spec section 3). Pure functions so the save plan can be tested without a form.

export const TYPE_NAME_REQUIRED = 'Please enter name for the product type';

let tmpCounter = 0;
export function newTypeRow() {
  tmpCounter += 1;
  return { id: `tmp-${tmpCounter}`, name: '', price: '', availability: true, quantity: '0' };
}

export function isTemporaryId(id) {
  return typeof id === 'string' && id.startsWith('tmp-');
}

export function rowsFromTypes(types) {
  return (types || []).map((type) => ({
    id: type.id,
    name: type.name ?? '',
    price: type.price === null || type.price === undefined ? '' : String(type.price),
    availability: Boolean(type.availability),
    quantity: String(type.quantity ?? 0),
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
  return {
    name: row.name.trim(),
    availability: Boolean(row.availability),
    price: parseTypePrice(row.price),
    quantity: parseQuantity(row.quantity),
  };
}

// First problem found, or null.
export function validateTypeRows(rows) {
  return rows.some((row) => !String(row.name || '').trim()) ? TYPE_NAME_REQUIRED : null;
}

function samePayload(a, b) {
  return a.name === b.name && a.availability === b.availability && a.price === b.price
    && a.quantity === b.quantity;
}

// What to send after the product itself is saved: new rows, changed rows, removed rows.
export function planTypeChanges(originalTypes, rows) {
  const originalById = new Map((originalTypes || []).map((type) => [type.id, type]));
  const keptIds = new Set(rows.filter((row) => !isTemporaryId(row.id)).map((row) => row.id));
  const creates = rows.filter((row) => isTemporaryId(row.id)).map(typePayload);
  const updates = rows
    .filter((row) => !isTemporaryId(row.id) && originalById.has(row.id))
    .map((row) => ({ id: row.id, payload: typePayload(row) }))
    .filter(({ id, payload }) => {
      const original = originalById.get(id);
      return !samePayload(payload, typePayload(rowsFromTypes([original])[0]));
    });
  const deletes = [...originalById.keys()].filter((id) => !keptIds.has(id));
  return { creates, updates, deletes };
}

export const TYPE_FAILURE = {
  create: 'Failed to add product type',
  update: 'Failed to update product type',
  delete: 'Failed to delete product type',
};

// Runs the plan one call at a time (deletes first so a renamed-and-readded name never clashes)
// and keeps going after a failure, so one bad row does not lose the others. Returns the
// failures as [{kind, message}] with the spec's texts.
export async function saveTypes(productId, plan, calls) {
  const failures = [];
  const attempt = async (kind, run) => {
    try {
      await run();
    } catch (err) {
      // eslint-disable-next-line no-console
      console.error(TYPE_FAILURE[kind], err);
      failures.push({ kind, message: TYPE_FAILURE[kind], error: err });
    }
  };
  for (const typeId of plan.deletes) await attempt('delete', () => calls.deleteType(productId, typeId));
  for (const payload of plan.creates) await attempt('create', () => calls.createType(productId, payload));
  for (const { id, payload } of plan.updates) await attempt('update', () => calls.updateType(productId, id, payload));
  return failures;
}
