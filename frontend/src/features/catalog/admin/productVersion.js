// Editing against a version: the form starts from the product as the server has it now (with
// its ETag); a save or delete sent from a stale copy is refused with 412, and the admin is told
// what changed meanwhile. Pure functions, so the wording is tested without a form.
import { formatPrice } from '../../../lib/format';

export const STALE_NO_DETAILS = 'This product was changed while you were editing. Review and save again.';

const priceText = (value) => (value === null || value === undefined || value === '' ? 'not set' : formatPrice(value));
const availabilityText = (value) => (value ? 'Available' : 'Unavailable');

const changed = (a, b) => String(a ?? '') !== String(b ?? '');
const flipped = (a, b) => Boolean(a) !== Boolean(b);
const categoryOf = (product) => product.categoryId ?? product.category;

// What someone else changed between `before` (the copy the form was opened from) and `after`
// (the product as it is now), one phrase per change.
export function describeChanges(before, after, categoryName = (id) => id) {
  if (!before || !after) return [];
  return [...productChanges(before, after, categoryName), ...typeChanges(before.types ?? [], after.types ?? [])];
}

function productChanges(before, after, categoryName) {
  const changes = [];
  if (changed(before.name, after.name)) changes.push(`Name changed from "${before.name}" to "${after.name}"`);
  if (changed(before.price, after.price)) changes.push(`Price changed from ${priceText(before.price)} to ${priceText(after.price)}`);
  changes.push(...saleChanges(before, after));
  if (changed(before.quantity, after.quantity)) changes.push(`Stock changed from ${before.quantity ?? 0} to ${after.quantity ?? 0}`);
  if (flipped(before.availability, after.availability)) {
    changes.push(`Availability changed from ${availabilityText(before.availability)} to ${availabilityText(after.availability)}`);
  }
  if (changed(categoryOf(before), categoryOf(after))) {
    changes.push(`Category changed from ${categoryName(categoryOf(before))} to ${categoryName(categoryOf(after))}`);
  }
  if (changed(before.description, after.description)) changes.push('Description changed');
  if (JSON.stringify(before.images ?? []) !== JSON.stringify(after.images ?? [])) changes.push('Images changed');
  return changes;
}

// The sale's compare-at price and the excise exemption.
function saleChanges(before, after) {
  const changes = [];
  if (changed(before.compareAtPrice, after.compareAtPrice)) {
    changes.push(`Compare-at price changed from ${priceText(before.compareAtPrice)} to ${priceText(after.compareAtPrice)}`);
  }
  if (flipped(before.exciseExempt, after.exciseExempt)) changes.push('Excise exemption changed');
  return changes;
}

// Types removed, renamed or edited (in their old order), then types added.
function typeChanges(oldList, newList) {
  const oldTypes = new Map(oldList.map((t) => [t.id, t]));
  const newTypes = new Map(newList.map((t) => [t.id, t]));
  const changes = [];
  oldTypes.forEach((type, id) => changes.push(...oneTypeChanges(type, newTypes.get(id))));
  newTypes.forEach((type, id) => {
    if (!oldTypes.has(id)) changes.push(`Type ${type.name} was added`);
  });
  return changes;
}

function oneTypeChanges(type, now) {
  if (!now) return [`Type ${type.name} was removed`];
  const changes = [];
  if (changed(type.name, now.name)) changes.push(`Type ${type.name} was renamed to ${now.name}`);
  if (changed(type.quantity, now.quantity)) changes.push(`${now.name} stock changed from ${type.quantity ?? 0} to ${now.quantity ?? 0}`);
  if (changed(type.price, now.price)) changes.push(`${now.name} price changed from ${priceText(type.price)} to ${priceText(now.price)}`);
  if (flipped(type.availability, now.availability)) {
    changes.push(`${now.name} availability changed from ${availabilityText(type.availability)} to ${availabilityText(now.availability)}`);
  }
  return changes;
}

export function staleMessage(changes) {
  if (!changes.length) return STALE_NO_DETAILS;
  return `${changes.join('; ')} while you were editing. Review and save again.`;
}

export const STALE_DELETE_NO_DETAILS = 'This product was changed since you opened it. Review it before deleting.';

export function staleDeleteMessage(changes) {
  if (!changes.length) return STALE_DELETE_NO_DETAILS;
  return `${changes.join('; ')} since you opened it. Review it before deleting.`;
}

// The form after a reload: fields the admin left as they were take the server's new value;
// fields the admin edited keep the edit. `toValues` maps a product to form values.
export function rebaseValues(values, oldBase, newBase, toValues) {
  const was = toValues(oldBase);
  const now = toValues(newBase);
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value === was[field] ? now[field] : value]));
}
