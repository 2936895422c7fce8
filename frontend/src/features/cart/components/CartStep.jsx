import { useRef, useState } from 'react';
import { availableStock, useCart } from '../../../lib/cart';
import { formatPrice } from '../../../lib/format';
import { useShopInfo } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { unitsPerLineMessage } from '../saleRules';
import { useCartLines } from '../useCartLines';

function thumbnailOf(product) {
  return (product.thumbnails && product.thumbnails[0]) || (product.images && product.images[0]) || '';
}

// What one unit costs, or, for a line checkout would refuse (withdrawn, gone, no price), the
// server's sentence saying so in its place: never "$0.00 each".
function UnitPrice({ line, id }) {
  if (!line.reason) return <p className="cart-line__unit">{formatPrice(line.price)} each</p>;
  return (
    <p className="cart-line__unit cart-line__problem" id={id}>
      {line.problem}
    </p>
  );
}

// A line checkout would refuse has no total: it counts nothing.
const lineTotal = (line, quantity) => (line.reason ? '' : formatPrice(line.price * quantity));

function RemoveButton({ label, describedBy, onClick }) {
  return (
    <button type="button" className="cart-line__remove" aria-label={`Remove ${label}`} aria-describedby={describedBy} onClick={onClick}>
      Remove
    </button>
  );
}

function CartLine({ item, line, maxUnits }) {
  const { updateQuantity, removeItem } = useCart();
  const toast = useToast();
  const { product, selectedType, quantity } = item;
  const problemId = `cart-line-${item.cartKey}-problem`;
  const thumb = thumbnailOf(product);
  const fullName = line.label;
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
    <li className={`cart-line${line.reason ? ' cart-line--blocked' : ''}`}>
      {thumb ? (
        <img className="cart-line__thumb" src={thumb} alt={product.name} width="64" height="64" loading="lazy" />
      ) : (
        <div className="cart-line__thumb cart-line__thumb--empty" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <p className="cart-line__name">{product.name}</p>
        {selectedType && <p className="cart-line__type">{selectedType.name}</p>}
        <UnitPrice line={line} id={problemId} />
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
          <RemoveButton label={fullName} describedBy={line.reason ? problemId : undefined} onClick={remove} />
        </div>
        {/* A line added before the cap was read (or on another screen) may be over it: the
            checkout would be refused, so the line says so until it is lowered. */}
        {capped && quantity > maxUnits && <p className="cart-line__limit">{limitMessage}</p>}
      </div>
      <p className="cart-line__total">{lineTotal(line, quantity)}</p>
    </li>
  );
}

export function CartStep({ onContinue }) {
  const { items } = useCart();
  const { lines, blocked, subtotal } = useCartLines();
  const { maxUnitsPerLine, checkoutMessages, cartLineMessages } = useShopInfo();
  const [stopped, setStopped] = useState(false);
  const listRef = useRef(null);

  // A line checkout would refuse stops the shopper here, with its Remove button at hand.
  function proceed() {
    if (blocked.length) {
      setStopped(true);
      listRef.current?.querySelector('.cart-line--blocked .cart-line__remove')?.focus();
      return;
    }
    onContinue();
  }

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
      <ul className="cart-lines" aria-label="Cart items" ref={listRef}>
        {lines.map(({ item, line }) => (
          <CartLine key={item.cartKey} item={item} line={line} maxUnits={maxUnitsPerLine} />
        ))}
      </ul>
      <div className="cart-footer">
        <div className="cart-summary-row cart-summary-row--strong">
          <span>Subtotal</span>
          <span data-testid="cart-subtotal">{formatPrice(subtotal)}</span>
        </div>
        {stopped && blocked.length > 0 && (
          // The lines say which and why; this says what to do, in the server's words.
          <p className="form-error" role="alert">
            {cartLineMessages?.review}
          </p>
        )}
        <button type="button" className="button button--primary button--block" onClick={proceed}>
          Checkout
        </button>
      </div>
    </div>
  );
}
