import { formatPrice } from '../lib/format';
import { useShopInfo } from '../lib/shopInfo';
import './moneyLines.css';

const amount = (value) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

const shown = (value) => value !== undefined && value !== null;

// The rows to show: a line that is zero is left out, except the subtotal and the sales tax (when
// the figures carry one: an order placed before taxes has none).
function moneyRows(figures, feeLabel, exciseLabel, code) {
  return [
    { key: 'subtotal', term: 'Subtotal', value: figures.subtotal, always: true },
    { key: 'discount', term: code ? `Discount (${code})` : 'Discount', value: figures.discount, minus: true },
    { key: 'deliveryFee', term: feeLabel, value: figures.deliveryFee },
    { key: 'exciseTax', term: exciseLabel, value: figures.exciseTax },
    { key: 'salesTax', term: 'Sales tax', value: figures.salesTax, always: shown(figures.salesTax) },
  ].filter((row) => row.always || amount(row.value) > 0);
}

// The figures of a quote or an order, each as the server computed it (subtotal, discount,
// delivery fee, excise, sales tax, total): this only shows them, in the one order every screen
// uses. A line that is zero is left out, except the subtotal, the sales tax and the total.
// `figures` is a quote or an order answer; `feeLabel` says "Shipping Fee" for a shipment;
// `testId` prefixes each figure's data-testid (e.g. "checkout" -> "checkout-total"). `bare`
// gives the rows alone, for a list of facts (<dl>) of the screen's own; `totalClassName` marks
// the total's row for that screen's styles.
export function MoneyLines({
  figures,
  feeLabel = 'Delivery Fee',
  testId = 'money',
  className = '',
  promoCode = '',
  bare = false,
  totalClassName = '',
}) {
  const { exciseTaxLabel } = useShopInfo();
  if (!figures) return null;
  const rows = moneyRows(figures, feeLabel, figures.exciseTaxLabel || exciseTaxLabel || 'Excise tax', promoCode || figures.promoCode);
  const lines = (
    <>
      {rows.map((row) => (
        <div key={row.key} className="money-lines__row">
          <dt>{row.term}</dt>
          <dd className="money" data-testid={`${testId}-${row.key}`}>
            {row.minus ? `-${formatPrice(row.value)}` : formatPrice(row.value)}
          </dd>
        </div>
      ))}
      <div className={`money-lines__row money-lines__row--total ${totalClassName}`.trim()}>
        <dt>Total</dt>
        <dd className="money" data-testid={`${testId}-total`}>
          {formatPrice(figures.total)}
        </dd>
      </div>
    </>
  );
  return bare ? lines : <dl className={`money-lines ${className}`.trim()}>{lines}</dl>;
}

export default MoneyLines;
