import { availableStock, unitPrice } from '../../lib/cart';

// A type can be bought when it is marked available and has units left.
export function isTypeUsable(product, type) {
  return Boolean(type && type.availability !== false && availableStock(product, type) > 0);
}

export function productTypes(product) {
  return Array.isArray(product?.types) ? product.types : [];
}

export function firstUsableType(product) {
  return productTypes(product).find((t) => isTypeUsable(product, t)) ?? null;
}

export function isInStock(product) {
  if (!product || product.availability === false) return false;
  const types = productTypes(product);
  if (types.length) return types.some((t) => isTypeUsable(product, t));
  return availableStock(product, null) > 0;
}

export function displayPrice(product, type) {
  return unitPrice(product, type);
}

// Spec section 5: why 'Add to Cart' is disabled, or null when it may be pressed.
export function addToCartBlock(product, selectedType, quantityText) {
  if (!product || product.availability === false) return 'unavailable';
  const quantity = Number(quantityText);
  if (!quantityText || !Number.isInteger(quantity) || quantity <= 0) return 'quantity';
  if (productTypes(product).length) return isTypeUsable(product, selectedType) ? null : 'type';
  // No units left: the badge already says Out of Stock, so the button should not pretend.
  return availableStock(product, null) > 0 ? null : 'stock';
}

// The alert shown when adding is attempted anyway (spec section 5's three texts).
export function addToCartAlert(product, selectedType) {
  if (!product || product.id === undefined || product.id === null || !product.name) return 'Invalid product data';
  const types = productTypes(product);
  if (types.length && !selectedType) return 'Please select a product type';
  if (selectedType && !isTypeUsable(product, selectedType)) return 'Selected product type is unavailable';
  return null;
}

export function digitsOnly(text) {
  return String(text ?? '').replace(/\D+/g, '').slice(0, 5);
}
