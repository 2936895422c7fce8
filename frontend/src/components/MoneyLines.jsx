import { formatPrice } from '../lib/format';
import { useShopInfo } from '../lib/shopInfo';
import './moneyLines.css';

const amount = (value) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

// The figures of a quote or an order, each as the server computed it (subtotal, discount,
// delivery fee, excise, sales tax, total): this only shows them, in the one order every screen
// uses. A line that is zero is left out, except the subtotal, the sales tax and the total.
// `figures` is a quote or an order answer; `feeLabel` says "Shipping Fee" for a shipment;
// `testId` prefixes each figure's data-testid (e.g. "checkout" -> "checkout-total").
export function MoneyLines({ figures, feeLabel = 'Delivery Fee', testId = 'money', className = '', promoCode = '' }) {
  const { exciseTaxLabel } = useShopInfo();
  if (!figures) return null;
  const excise = figures.exciseTaxLabel || exciseTaxLabel || 'Excise tax';
  const code = promoCode || figures.promoCode || '';
  const rows = [
    { key: 'subtotal', term: 'Subtotal', value: figures.subtotal, always: true },
    { key: 'discount', term: code ? `Discount (${code})` : 'Discount', value: figures.discount, minus: true },
    { key: 'deliveryFee', term: feeLabel, value: figures.deliveryFee },
    { key: 'exciseTax', term: excise, value: figures.exciseTax },
    { key: 'salesTax', term: 'Sales tax', value: figures.salesTax, always: figures.salesTax !== undefined && figures.salesTax !== null },
  ].filter((row) => row.always || amount(row.value) > 0);
  return (
    <dl className={`money-lines ${className}`.trim()}>
      {rows.map((row) => (
        <div key={row.key} className="money-lines__row">
          <dt>{row.term}</dt>
          <dd data-testid={`${testId}-${row.key}`}>{row.minus ? `-${formatPrice(row.value)}` : formatPrice(row.value)}</dd>
        </div>
      ))}
      <div className="money-lines__row money-lines__row--total">
        <dt>Total</dt>
        <dd data-testid={`${testId}-total`}>{formatPrice(figures.total)}</dd>
      </div>
    </dl>
  );
}

export default MoneyLines;
