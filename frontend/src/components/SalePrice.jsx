import { formatPrice } from '../lib/format';
import './moneyLines.css';

// Whether a product or type is on sale: the server sends `compareAtPrice` (null when not).
export const onSale = (compareAtPrice) => compareAtPrice !== null && compareAtPrice !== undefined && compareAtPrice !== '';

// The price charged, and when on sale the "compare at" price struck through with a Sale badge.
// `children` is the price as the screen writes it ("$10.00 each"); both figures are the server's.
export function SalePrice({ compareAtPrice, children, className = '' }) {
  if (!onSale(compareAtPrice)) return children;
  return (
    <span className={`sale-price ${className}`.trim()}>
      <span className="sale-badge">Sale</span>
      <s className="sale-price__was" aria-label={`Was ${formatPrice(compareAtPrice)}`}>
        {formatPrice(compareAtPrice)}
      </s>
      <span className="sale-price__now">{children}</span>
    </span>
  );
}

export default SalePrice;
