// A stand-in for POST /api/orders/quote in tests: the server computes these figures; this
// computes them simply from the products a test seeds (prices, types, the served delivery
// fees), with a flat sales tax `salesTaxRate` percent and no excise unless `excise` says so.
// `promo(code, subtotal)` answers {applied, message, discount?, freeDelivery?} for a code.
import SHOP_INFO from './fixtures/shopInfo.json';

const cents = (n) => Math.round(Number(n || 0) * 100);
const dollars = (c) => c / 100;

function unitOf(products, line) {
  const product = products.find((p) => String(p.id) === String(line.productId));
  if (!product) return null;
  const type = line.productTypeId != null ? (product.types || []).find((t) => String(t.id) === String(line.productTypeId)) : null;
  const price = type && type.price != null ? type.price : product.price;
  const compareAtPrice = (type ? type.compareAtPrice : product.compareAtPrice) ?? null;
  return price == null ? null : { price, compareAtPrice };
}

function feeOf(options, id, subtotal) {
  const option = options.find((o) => o.id === id);
  if (!option || !Number(option.fee)) return 0;
  return option.freeFrom != null && subtotal >= cents(option.freeFrom) ? 0 : cents(option.fee);
}

function quotedLines(products, cartItems) {
  return (cartItems || [])
    .map((line) => ({ line, unit: unitOf(products, line) }))
    .filter(({ unit }) => unit)
    .map(({ line, unit }) => ({
      productId: line.productId,
      productTypeId: line.productTypeId ?? null,
      quantity: line.quantity,
      unitPrice: unit.price,
      compareAtPrice: unit.compareAtPrice,
      discount: 0,
      exciseTax: 0,
      lineTotal: dollars(cents(unit.price) * line.quantity),
    }));
}

function promoAnswer(code, answer) {
  if (!code) return null;
  return { code, applied: Boolean(answer && answer.applied), message: answer ? answer.message : '' };
}

export function fakeQuote(products, { salesTaxRate = 0, excise = 0, promo = null, options = SHOP_INFO.deliveryOptions } = {}) {
  return (url, init) => {
    const body = init.body || {};
    const lines = quotedLines(products, body.cartItems);
    const subtotal = lines.reduce((sum, line) => sum + cents(line.lineTotal), 0);
    const answer = body.promoCode && promo ? promo(body.promoCode, dollars(subtotal)) : null;
    const applied = Boolean(answer && answer.applied);
    const discount = applied ? cents(answer.discount || 0) : 0;
    const fee = applied && answer.freeDelivery ? 0 : feeOf(options, body.deliveryOption, subtotal);
    const exciseTax = cents(excise);
    const salesTax = Math.round(((subtotal - discount) * salesTaxRate) / 100);
    return {
      status: 200,
      body: {
        subtotal: dollars(subtotal),
        discount: dollars(discount),
        deliveryFee: dollars(fee),
        exciseTax: dollars(exciseTax),
        salesTax: dollars(salesTax),
        total: dollars(subtotal - discount + fee + exciseTax + salesTax),
        lines,
        promo: promoAnswer(body.promoCode, answer),
        blocked: [],
        pending: { orders: 0, value: 0, message: '' },
      },
    };
  };
}
