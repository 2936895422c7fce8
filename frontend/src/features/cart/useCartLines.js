// The cart's lines as the shop sells them now: each product read again while the drawer is
// open, so a price removed or a product withdrawn since it was added shows as such (in the
// server's words, shop info's `cartLineMessages`) before checkout would refuse it, and is left
// out of the quote (`orderable`: the cart items that can be ordered).
import { useCart } from '../../lib/cart';
import { useShopInfo } from '../../lib/shopInfo';
import { useCurrentProducts } from './api';
import { cartLine } from './saleRules';

export function useCartLines() {
  const { items, isOpen } = useCart();
  const { cartLineMessages } = useShopInfo();
  const ids = [...new Set(items.map((item) => item.productId))];
  const current = useCurrentProducts(ids, isOpen);
  const lines = items.map((item) => ({ item, line: cartLine(item, current[String(item.productId)], cartLineMessages) }));
  const blocked = lines.filter(({ line }) => line.reason);
  const orderable = lines.filter(({ line }) => !line.reason).map(({ item }) => item);
  return { lines, blocked, orderable };
}
