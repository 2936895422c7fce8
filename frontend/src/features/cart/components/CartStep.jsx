import { availableStock, unitPrice, useCart } from '../../../lib/cart';
import { formatPrice } from '../../../lib/format';
import { useShopInfo } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { unitsPerLineMessage } from '../saleRules';

function thumbnailOf(product) {
  return (product.thumbnails && product.thumbnails[0]) || (product.images && product.images[0]) || '';
}

function CartLine({ item, maxUnits }) {
  const { updateQuantity, removeItem } = useCart();
  const toast = useToast();
  const { product, selectedType, quantity } = item;
  const price = Number(unitPrice(product, selectedType) || 0);
  const thumb = thumbnailOf(product);
  const fullName = selectedType ? `${product.name} - ${selectedType.name}` : product.name;
  const capped = maxUnits !== null && maxUnits !== undefined;
  const limitMessage = capped ? unitsPerLineMessage(maxUnits, fullName) : '';
  const atLimit = quantity >= availableStock(product, selectedType) || (capped && quantity >= maxUnits);

  function change(next) {
    if (capped && next > quantity && next > maxUnits) {
      toast.error(limitMessage);
      return;
    }
    try {
      const result = updateQuantity(item.cartKey, next);
      if (result && !result.ok) toast.error(result.message);
    } catch {
      toast.error('Error updating cart. Please try again.');
    }
  }

  function remove() {
    try {
      removeItem(item.cartKey);
      toast.success('Item removed from cart');
    } catch {
      toast.error('Error removing item from cart. Please try again.');
    }
  }

  return (
    <li className="cart-line">
      {thumb ? (
        <img className="cart-line__thumb" src={thumb} alt={product.name} width="64" height="64" loading="lazy" />
      ) : (
        <div className="cart-line__thumb cart-line__thumb--empty" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <p className="cart-line__name">{product.name}</p>
        {selectedType && <p className="cart-line__type">{selectedType.name}</p>}
        <p className="cart-line__unit">{formatPrice(price)} each</p>
        <div className="cart-line__controls">
          <div className="qty" role="group" aria-label={`Quantity of ${fullName}`}>
            <button
              type="button"
              className="qty__btn"
              aria-label={`Decrease quantity of ${fullName}`}
              disabled={quantity <= 1}
              onClick={() => change(quantity - 1)}
            >
              −
            </button>
            <span className="qty__value" aria-live="polite">
              {quantity}
            </span>
            <button
              type="button"
              className="qty__btn"
              aria-label={`Increase quantity of ${fullName}`}
              // Left enabled at the stock or per-order limit so a click explains why it stops.
              data-at-limit={atLimit ? 'true' : undefined}
              onClick={() => change(quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className="cart-line__remove" aria-label={`Remove ${fullName}`} onClick={remove}>
            Remove
          </button>
        </div>
        {/* A line added before the cap was read (or on another screen) may be over it: the
            checkout would be refused, so the line says so until it is lowered. */}
        {capped && quantity > maxUnits && <p className="cart-line__limit">{limitMessage}</p>}
      </div>
      <p className="cart-line__total">{formatPrice(price * quantity)}</p>
    </li>
  );
}

export function CartStep({ onContinue }) {
  const { items, subtotal } = useCart();
  const { maxUnitsPerLine, checkoutMessages } = useShopInfo();
  if (items.length === 0) {
    return (
      <div className="cart-empty">
        {/* The server's words for an empty cart (its checkout refuses one with the same). */}
        <p className="cart-empty__title">{checkoutMessages.cartEmpty}</p>
        <p className="cart-empty__hint">Add products to see them here.</p>
      </div>
    );
  }
  return (
    <div className="cart-step">
      <ul className="cart-lines" aria-label="Cart items">
        {items.map((item) => (
          <CartLine key={item.cartKey} item={item} maxUnits={maxUnitsPerLine} />
        ))}
      </ul>
      <div className="cart-footer">
        <div className="cart-summary-row cart-summary-row--strong">
          <span>Subtotal</span>
          <span data-testid="cart-subtotal">{formatPrice(subtotal)}</span>
        </div>
        <button type="button" className="button button--primary button--block" onClick={onContinue}>
          Checkout
        </button>
      </div>
    </div>
  );
}
