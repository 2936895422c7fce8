import { useEffect, useState } from 'react';
import { useCart } from '../../../lib/cart';
import { useCategories } from '../../../lib/categories';
import { formatPrice } from '../../../lib/format';
import { useShopInfo } from '../../../lib/shopInfo';
import { Spinner } from '../../../components/Spinner';
import { useOptionQuotes } from '../api';
import { quoteBody } from '../checkoutRules';
import { notShippableMessage, unshippableProduct } from '../saleRules';
import { useCartLines } from '../useCartLines';

// Why an option cannot take this cart, or '' when it can: shipping is closed to a cart with a
// product that cannot be mailed.
function unavailableReason(option, items, categoryById, notShippable) {
  if (option.id !== 'shipping') return '';
  const product = unshippableProduct(items, categoryById);
  return product ? notShippableMessage(notShippable, product.name) : '';
}

// Each option's fee as the quote under it says (the server's: promotions may waive it). An
// option that cannot be quoted yet (a shipment before its state is known) shows its served fee,
// with the served threshold beside it; checkout shows the exact figure.
function feeText(quote, option, reason) {
  if (reason) return 'Unavailable';
  if (quote) return Number(quote.deliveryFee) > 0 ? formatPrice(quote.deliveryFee) : 'FREE';
  return Number(option.fee) > 0 ? formatPrice(option.fee) : 'FREE';
}

export function DeliveryStep({ option, form, promoCode, onSelect, onBack, onContinue }) {
  const { items } = useCart();
  const { orderable } = useCartLines();
  const { categoryById } = useCategories();
  const { deliveryOptions, checkoutMessages, notShippable, isLoaded, isError } = useShopInfo();
  const [error, setError] = useState('');
  const closed = Object.fromEntries(deliveryOptions.map((o) => [o.id, unavailableReason(o, items, categoryById, notShippable)]));
  const chosenClosed = Boolean(option && closed[option]);
  const quotes = useOptionQuotes(
    Object.fromEntries(deliveryOptions.filter((o) => !closed[o.id]).map((o) => [o.id, quoteBody(form, o, orderable, promoCode)])),
  );

  // An option chosen before the cart changed is dropped once it cannot take the cart.
  useEffect(() => {
    if (chosenClosed) onSelect('');
  }, [chosenClosed, onSelect]);

  if (!isLoaded) {
    return (
      <div className="cart-step">
        {isError ? (
          <p className="form-error" role="alert">
            Delivery options could not be loaded. Please try again.
          </p>
        ) : (
          <Spinner label="Loading delivery options..." />
        )}
        <div className="cart-footer cart-footer--split">
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back
          </button>
        </div>
      </div>
    );
  }

  function proceed() {
    if (!option) {
      setError(checkoutMessages.option);
      return;
    }
    onContinue();
  }

  return (
    <div className="cart-step">
      <fieldset className="delivery-options">
        <legend className="delivery-options__legend">How would you like to receive your order?</legend>
        {deliveryOptions.map((o) => {
          const reason = closed[o.id];
          const fee = feeText(quotes[o.id], o, reason);
          const waivedFrom = !reason && fee !== 'FREE' && o.freeFrom !== null && o.freeFrom !== undefined;
          const infoId = `delivery-option-${o.id}-info`;
          const classes = ['delivery-option', option === o.id && 'delivery-option--selected', reason && 'delivery-option--unavailable'];
          return (
            <label key={o.id} className={classes.filter(Boolean).join(' ')}>
              <input
                type="radio"
                name="deliveryOption"
                value={o.id}
                checked={option === o.id}
                disabled={Boolean(reason)}
                aria-label={o.label}
                aria-describedby={infoId}
                onChange={() => {
                  setError('');
                  onSelect(o.id);
                }}
              />
              <span className="delivery-option__text" id={infoId}>
                <span className="delivery-option__label">{o.label}</span>
                <span className="delivery-option__desc">{o.description}</span>
                {reason && <span className="delivery-option__unavailable">{reason}</span>}
                {waivedFrom && <span className="delivery-option__hint">Free from {formatPrice(o.freeFrom)}</span>}
              </span>
              <span className={`delivery-option__fee${fee === 'FREE' ? ' delivery-option__fee--free' : ''}`}>{fee}</span>
            </label>
          );
        })}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="cart-footer cart-footer--split">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button--primary" onClick={proceed}>
          Continue
        </button>
      </div>
    </div>
  );
}
