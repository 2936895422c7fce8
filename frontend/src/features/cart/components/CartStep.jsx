import { availableStock, unitPrice, useCart } from '../../../lib/cart';
import { formatPrice } from '../../../lib/format';
import { useToast } from '../../../lib/toast';

function thumbnailOf(product) {
  return (product.thumbnails && product.thumbnails[0]) || (product.images && product.images[0]) || '';
}

function CartLine({ item }) {
  const { updateQuantity, removeItem } = useCart();
  const toast = useToast();
  const { product, selectedType, quantity } = item;
  const price = Number(unitPrice(product, selectedType) || 0);
  const thumb = thumbnailOf(product);
  const fullName = selectedType ? `${product.name} - ${selectedType.name}` : product.name;

  function change(next) {
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
            <span className="qty__value" aria-live="polite">{quantity}</span>
            <button
              type="button"
              className="qty__btn"
              aria-label={`Increase quantity of ${fullName}`}
              // Left enabled at the stock limit so a click explains why it stops.
              data-at-limit={quantity >= availableStock(product, selectedType) ? 'true' : undefined}
              onClick={() => change(quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className="cart-line__remove" aria-label={`Remove ${fullName}`} onClick={remove}>
            Remove
          </button>
        </div>
      </div>
      <p className="cart-line__total">{formatPrice(price * quantity)}</p>
    </li>
  );
}

export function CartStep({ onContinue }) {
  const { items, subtotal } = useCart();
  if (items.length === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty__title">Your cart is empty</p>
        <p className="cart-empty__hint">Add products to see them here.</p>
      </div>
    );
  }
  return (
    <div className="cart-step">
      <ul className="cart-lines" aria-label="Cart items">
        {items.map((item) => (
          <CartLine key={item.cartKey} item={item} />
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
