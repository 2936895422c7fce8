import { useShopInfo } from '../../../lib/shopInfo';
import { stockLevel, stockMarkText } from './stockLevel';
import './stock.css';

// The admins' low-stock / sold-out mark on a product card or page; nothing when stock is fine.
export function StockMark({ product, className = '' }) {
  const { lowStockThreshold } = useShopInfo();
  const mark = stockLevel(product, lowStockThreshold);
  if (!mark) return null;
  return (
    <span className={`stock-mark stock-mark--${mark.level}${className ? ` ${className}` : ''}`} data-stock={mark.level}>
      {stockMarkText(mark)}
    </span>
  );
}

export default StockMark;
