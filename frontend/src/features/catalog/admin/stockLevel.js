// The back office's stock marks, by the same rule as the server's `stock=low|out` filter
// (GET /api/products) and the daily digest: a product with types sells through its types, so it
// is sold out when no type has a unit left and low when any type still on sale has `threshold`
// units or fewer (a type made unavailable on purpose is not restocked: no "Low stock: 0 left");
// a product without types goes by its own quantity. Low never includes sold out. The threshold is
// the shop's (`lowStockThreshold` in GET /api/shop/info): none known, no mark.
const units = (value) => Number(value) || 0;

export function stockLevel(product, threshold) {
  if (!product || threshold === null || threshold === undefined || !Number.isFinite(Number(threshold))) return null;
  const limit = Number(threshold);
  const types = Array.isArray(product.types) ? product.types : [];
  if (types.length) {
    if (!types.some((t) => units(t.quantity) > 0)) return { level: 'out', lowTypes: [] };
    const lowTypes = types.filter((t) => t.availability !== false && units(t.quantity) <= limit);
    return lowTypes.length ? { level: 'low', lowTypes } : null;
  }
  const quantity = units(product.quantity);
  if (quantity <= 0) return { level: 'out', lowTypes: [] };
  return quantity <= limit ? { level: 'low', lowTypes: [], quantity } : null;
}

// The words of the mark: "Sold out", "Low stock: 2 left", "Low stock: Mint 0, Berry 2 left".
export function stockMarkText(mark) {
  if (!mark) return '';
  if (mark.level === 'out') return 'Sold out';
  if (mark.lowTypes.length) return `Low stock: ${mark.lowTypes.map((t) => `${t.name} ${units(t.quantity)}`).join(', ')} left`;
  return `Low stock: ${mark.quantity} left`;
}

export const STOCK_FILTERS = [
  { id: '', label: 'All stock' },
  { id: 'low', label: 'Low stock' },
  { id: 'out', label: 'Sold out' },
];
