// Orders come in two shapes: the current one with `items`, and an older one
// with a single `product`, `quantity` and `total`. Screens read both through these functions.

const toNumber = (value) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

// Each line: key, productId (for the SKU; null once the product was deleted), typeId (null for a
// line without a type, or once the type was deleted), name, typeName, quantity, price and
// subtotal (numbers).
export function orderLines(order) {
  if (!order) return [];
  if (Array.isArray(order.items)) {
    return order.items.map((item, index) => ({
      key: `${item.productId ?? 'x'}-${item.productTypeId ?? 'none'}-${index}`,
      productId: item.productId ?? null,
      typeId: item.productTypeId ?? null,
      name: item.productName || 'Product',
      typeName: item.productTypeName || '',
      quantity: toNumber(item.quantity),
      price: toNumber(item.price),
      subtotal: item.subtotal != null ? toNumber(item.subtotal) : toNumber(item.price) * toNumber(item.quantity),
    }));
  }
  if (order.product) {
    const product = typeof order.product === 'object' ? order.product : { name: String(order.product) };
    const quantity = toNumber(order.quantity || 1);
    const total = toNumber(order.total);
    const price = product.price != null ? toNumber(product.price) : quantity ? total / quantity : total;
    const productId = product.id ?? order.productId ?? null;
    return [
      {
        key: `legacy-${order.id}`,
        productId,
        typeId: null,
        name: product.name || 'Product',
        typeName: '',
        quantity,
        price,
        subtotal: total,
      },
    ];
  }
  return [];
}

export const orderFee = (order) => toNumber(order && order.deliveryFee);
export const orderTotal = (order) => toNumber(order && order.total);
// The confirmation's subtotal is the total minus the delivery fee (also for the older shape).
export const orderSubtotal = (order) => Math.round((orderTotal(order) - orderFee(order)) * 100) / 100;
