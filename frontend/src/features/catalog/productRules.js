import { availableStock, unitPrice } from '../../lib/cart';

export function productTypes(product) {
  return Array.isArray(product?.types) ? product.types : [];
}

// The one availability rule: every place that says whether a product (or one of its types) can
// be bought asks this, so the card, the badge, Details, 'Add to Cart' and 'N available' agree.
//   - a product marked unavailable is unavailable, whatever its stock or types;
//   - a type is available when it is marked available and has units left;
//   - a product with types is available when one of its types is, with their units together;
//   - a product without types is available when it has units left.
// Returns { available, units (0 when not available), reason: null | 'unavailable' | 'out-of-stock' }.
export function availability(product, type = null) {
  const no = (reason) => ({ available: false, units: 0, reason });
  if (!product || product.availability === false) return no('unavailable');
  if (type) {
    if (type.availability === false) return no('out-of-stock');
    const units = availableStock(product, type);
    return units > 0 ? { available: true, units, reason: null } : no('out-of-stock');
  }
  const types = productTypes(product);
  if (types.length) {
    const units = types.reduce((sum, t) => sum + availability(product, t).units, 0);
    return units > 0 ? { available: true, units, reason: null } : no('out-of-stock');
  }
  const units = availableStock(product, null);
  return units > 0 ? { available: true, units, reason: null } : no('out-of-stock');
}

// The rule's answer in the words each place uses.
export const AVAILABILITY_WORDS = {
  // The product card and the Details list.
  status: (a) => (a.available ? 'Available' : 'Unavailable'),
  badge: (a) => (a.available ? 'In Stock' : 'Out of Stock'),
  type: (a) => (a.available ? 'Available' : a.reason === 'unavailable' ? 'Unavailable' : 'Out of stock'),
  units: (a) =>
    !a.available
      ? a.reason === 'unavailable'
        ? 'Unavailable'
        : 'Out of stock'
      : Number.isFinite(a.units)
        ? `${a.units} available`
        : 'In stock',
};

export function isTypeUsable(product, type) {
  return Boolean(type) && availability(product, type).available;
}

export function firstUsableType(product) {
  return productTypes(product).find((t) => isTypeUsable(product, t)) ?? null;
}

// The line's price as the server would charge it (the type's own, else the product's); null when
// neither is set: checkout refuses such a line (shop/stock.py), so it never reaches the cart.
export function linePrice(product, type) {
  return unitPrice(product, productTypes(product).length ? type : null);
}

// A card's price: the product's own; without one, the cheapest type's ({from: true}); null
// when nothing can be priced ('Price not set').
export function cardPrice(product) {
  const own = unitPrice(product, null);
  if (own !== null) return { amount: own, from: false, compareAtPrice: compareAtPrice(product, null) };
  const priced = productTypes(product)
    .map((type) => ({ type, price: unitPrice(product, type) }))
    .filter(({ price }) => price !== null)
    .sort((a, b) => a.price - b.price);
  if (!priced.length) return null;
  return { amount: priced[0].price, from: true, compareAtPrice: compareAtPrice(product, priced[0].type) };
}

// The "compare at" price of what is charged (null: not on sale), as the server sends it: a type
// with its own price has its own; otherwise the product's.
export function compareAtPrice(product, type) {
  const set = (value) => value !== null && value !== undefined && value !== '';
  if (type && set(type.compareAtPrice)) return type.compareAtPrice;
  if (type && set(type.price)) return null;
  return product && set(product.compareAtPrice) ? product.compareAtPrice : null;
}

// Why 'Add to Cart' is disabled, or null when it may be pressed.
export function addToCartBlock(product, selectedType, quantityText) {
  if (availability(product).reason === 'unavailable') return 'unavailable';
  if (linePrice(product, selectedType) === null && (!productTypes(product).length || selectedType)) return 'price';
  const quantity = Number(quantityText);
  if (!quantityText || !Number.isInteger(quantity) || quantity <= 0) return 'quantity';
  if (productTypes(product).length) return isTypeUsable(product, selectedType) ? null : 'type';
  // No units left: the badge already says Out of Stock, so the button should not pretend.
  return availability(product).available ? null : 'stock';
}

export const NO_PRICE = 'No price yet: this item cannot be added to the cart.';

// The alert shown when adding is attempted anyway (one of four texts).
export function addToCartAlert(product, selectedType) {
  if (!product || product.id === undefined || product.id === null || !product.name) return 'Invalid product data';
  const types = productTypes(product);
  if (types.length && !selectedType) return 'Please select a product type';
  if (selectedType && !isTypeUsable(product, selectedType)) return 'Selected product type is unavailable';
  if (linePrice(product, selectedType) === null) return NO_PRICE;
  return null;
}

export function digitsOnly(text) {
  return String(text ?? '')
    .replace(/\D+/g, '')
    .slice(0, 5);
}
