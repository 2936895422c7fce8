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
      {/* Said "was" aloud: a struck price alone reads as a second price. */}
      <span className="visually-hidden">was </span>
      <s className="sale-price__was">{formatPrice(compareAtPrice)}</s>
      <span className="visually-hidden">, now </span>
      <span className="sale-price__now">{children}</span>
    </span>
  );
}

export default SalePrice;
