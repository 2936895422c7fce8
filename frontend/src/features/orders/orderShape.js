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
      // The line's own id: an admin adjusts a pending order's line by it.
      itemId: item.id ?? null,
      productId: item.productId ?? null,
      typeId: item.productTypeId ?? null,
      name: item.productName || 'Product',
      typeName: item.productTypeName || '',
      quantity: toNumber(item.quantity),
      price: toNumber(item.price),
      subtotal: item.subtotal != null ? toNumber(item.subtotal) : toNumber(item.price) * toNumber(item.quantity),
      // The server's: the promotion's share of this line, its excise, and the sale's struck price.
      discount: toNumber(item.discount),
      exciseTax: toNumber(item.exciseTax),
      compareAtPrice: item.compareAtPrice ?? null,
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
        itemId: null,
        productId,
        typeId: null,
        name: product.name || 'Product',
        typeName: '',
        quantity,
        price,
        subtotal: total,
        discount: 0,
        exciseTax: 0,
        compareAtPrice: null,
      },
    ];
  }
  return [];
}

export const orderFee = (order) => toNumber(order && order.deliveryFee);
export const orderTotal = (order) => toNumber(order && order.total);
// The confirmation's subtotal is the total minus the delivery fee (the spec's rule): the older
// shapes, placed before orders carried their own subtotal and taxes, are shown by it.
export const orderSubtotal = (order) => Math.round((orderTotal(order) - orderFee(order)) * 100) / 100;

// Every figure of an order as the server answered it (subtotal, discount, delivery fee, excise,
// sales tax, total, the code), for the screens' one list of lines (components/MoneyLines).
export function orderFigures(order) {
  if (!order) return null;
  const own = order.subtotal !== undefined && order.subtotal !== null;
  return {
    subtotal: own ? toNumber(order.subtotal) : orderSubtotal(order),
    discount: toNumber(order.discount),
    deliveryFee: orderFee(order),
    exciseTax: toNumber(order.exciseTax),
    salesTax: order.salesTax !== undefined && order.salesTax !== null ? toNumber(order.salesTax) : undefined,
    total: orderTotal(order),
    promoCode: order.promoCode || '',
    exciseTaxLabel: order.exciseTaxLabel || '',
  };
}

// "Shipping Fee" for a shipment, "Delivery Fee" otherwise.
export const feeLabel = (order) => (order && order.deliveryOption === 'shipping' ? 'Shipping Fee' : 'Delivery Fee');
