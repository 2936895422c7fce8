import { useRef, useState } from 'react';
import { MoneyLines } from '../../../components/MoneyLines';
import { SalePrice } from '../../../components/SalePrice';
import { availableStock, useCart } from '../../../lib/cart';
import { noticeMessages, useSaleCheck } from '../../../lib/compliance';
import { formatPrice } from '../../../lib/format';
import { useShopInfo } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { unitsPerLineMessage } from '../saleRules';
import { quoteBlocks, quoteLine, useCartQuote } from '../useCartQuote';
import { useCartLines } from '../useCartLines';
import { PromoCodeField } from './PromoCodeField';

function thumbnailOf(product) {
  return (product.thumbnails && product.thumbnails[0]) || (product.images && product.images[0]) || '';
}

// A sale's "compare at" price: the quote's, else the type's or the product's as last read.
function compareAt(line, priced) {
  if (priced && priced.compareAtPrice !== undefined) return priced.compareAtPrice;
  const own = line.type ? line.type.compareAtPrice : undefined;
  return own !== undefined && own !== null ? own : (line.product?.compareAtPrice ?? null);
}

// What one unit costs (struck through beside its "compare at" price when on sale), or, for a
// line checkout would refuse (withdrawn, gone, no price), the server's sentence saying so in its
// place: never "$0.00 each".
function UnitPrice({ line, priced, id }) {
  if (!line.reason) {
    return (
      <p className="cart-line__unit">
        <SalePrice compareAtPrice={compareAt(line, priced)}>{formatPrice(priced ? priced.unitPrice : line.price)} each</SalePrice>
      </p>
    );
  }
  return (
    <p className="cart-line__unit cart-line__problem" id={id}>
      {line.problem}
    </p>
  );
}

// The line's total is the quote's (after its discount); a line checkout would refuse, or one
// not quoted yet, shows none.
const lineTotal = (line, priced) => (line.reason || !priced ? '' : formatPrice(priced.lineTotal));

function RemoveButton({ label, describedBy, onClick }) {
  return (
    <button type="button" className="cart-line__remove" aria-label={`Remove ${label}`} aria-describedby={describedBy} onClick={onClick}>
      Remove
    </button>
  );
}

// The per-order cap on the line (null: none) and whether plus has reached it or the stock.
function lineLimits({ product, selectedType, quantity }, maxUnits, fullName) {
  const capped = maxUnits !== null && maxUnits !== undefined;
  return {
    capped,
    limitMessage: capped ? unitsPerLineMessage(maxUnits, fullName) : '',
    atLimit: quantity >= availableStock(product, selectedType) || (capped && quantity >= maxUnits),
  };
}

function CartLine({ item, line, maxUnits, priced, blocks }) {
  const { updateQuantity, removeItem } = useCart();
  const toast = useToast();
  const { product, selectedType, quantity } = item;
  const problemId = `cart-line-${item.cartKey}-problem`;
  const thumb = thumbnailOf(product);
  const fullName = line.label;
  const { capped, limitMessage, atLimit } = lineLimits(item, maxUnits, fullName);

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
    <li className={`cart-line${line.reason || blocks.length ? ' cart-line--blocked' : ''}`}>
      {thumb ? (
        <img className="cart-line__thumb" src={thumb} alt={product.name} width="64" height="64" loading="lazy" />
      ) : (
        <div className="cart-line__thumb cart-line__thumb--empty" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <p className="cart-line__name">{product.name}</p>
        {selectedType && <p className="cart-line__type">{selectedType.name}</p>}
        <UnitPrice line={line} priced={priced} id={problemId} />
        {blocks.map((text) => (
          <p key={text} className="cart-line__problem" data-testid="cart-line-blocked">
            {text}
          </p>
        ))}
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
      <p className="cart-line__total">{lineTotal(line, priced)}</p>
    </li>
  );
}

// The figures of the cart as quoted, with the option they were quoted for while none is chosen.
export function QuoteSummary({ quote, error, estimatedFor, feeLabel, testId }) {
  return (
    <div className="cart-summary" aria-label="Order summary" role="group" aria-busy={!quote || undefined}>
      {estimatedFor && <p className="cart-summary__note">Figures for {estimatedFor}; you choose how you receive the order next.</p>}
      {quote ? (
        <MoneyLines figures={quote} feeLabel={feeLabel} testId={testId} promoCode={quote.promo?.applied ? quote.promo.code : ''} />
      ) : (
        !error && <p className="cart-summary__note">Working out the totals...</p>
      )}
      {/* Said where the figures would be (a shipment's state still to enter); Place Order
          names the field. */}
      {error && !quote && <p className="form-error">{error.serverMessage || 'The totals could not be worked out. Please try again.'}</p>}
    </div>
  );
}

// What the rules will ask when the order is handed over ("Bring a photo ID"), said before checkout.
function HandoverNotices({ notices }) {
  if (!notices.length) return null;
  return (
    <div className="cart-notices" role="note" aria-label="At hand-over">
      <p className="cart-notices__title">At hand-over</p>
      <ul>
        {notices.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}

// A refusal or the field it is about, scrolled to the middle of the drawer and focused (a long
// form scrolled away from it would otherwise show nothing happening).
export function bringIntoView(element) {
  if (!element) return;
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
}

export const feeLabelOf = (option) => (option?.id === 'shipping' ? 'Shipping Fee' : 'Delivery Fee');

export function CartStep({ onContinue, form, option: optionId, promoCode, onPromoCode }) {
  const { items } = useCart();
  const { lines, blocked } = useCartLines();
  const { maxUnitsPerLine, checkoutMessages, cartLineMessages } = useShopInfo();
  const { quote, error, option, estimated } = useCartQuote(form, optionId, promoCode);
  const [stopped, setStopped] = useState(false);
  const listRef = useRef(null);
  const notices = noticeMessages(useSaleCheck(items.map((item) => item.productId)));
  const ruled = items.filter((item) => quoteBlocks(quote, item).length);
  const stops = blocked.length + ruled.length;
  const pendingRef = useRef(null);
  // The pending caps checkout would refuse (the server's rule and words, served with the quote).
  const pending = quote?.pending?.message || '';

  // A line checkout would refuse stops the shopper here, with its Remove button at hand; so does
  // a pending cap, brought into view.
  function proceed() {
    if (pending) {
      bringIntoView(pendingRef.current);
      return;
    }
    if (stops) {
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
      {pending && (
        <p className="form-error cart-pending" role="alert" tabIndex={-1} ref={pendingRef} data-testid="cart-pending">
          {pending}
        </p>
      )}
      <ul className="cart-lines" aria-label="Cart items" ref={listRef}>
        {lines.map(({ item, line }) => (
          <CartLine
            key={item.cartKey}
            item={item}
            line={line}
            maxUnits={maxUnitsPerLine}
            priced={quoteLine(quote, item)}
            blocks={quoteBlocks(quote, item)}
          />
        ))}
      </ul>
      <HandoverNotices notices={notices} />
      <div className="cart-footer">
        <PromoCodeField code={promoCode} promo={quote?.promo} onApply={onPromoCode} />
        <QuoteSummary
          quote={quote}
          error={error}
          estimatedFor={estimated ? option?.label : ''}
          feeLabel={feeLabelOf(option)}
          testId="cart"
        />
        {stopped && stops > 0 && (
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
