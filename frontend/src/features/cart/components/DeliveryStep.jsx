import { useState } from 'react';
import { useCart } from '../../../lib/cart';
import { formatPrice } from '../../../lib/format';
import { useShopInfo } from '../../../lib/shopInfo';
import { DELIVERY_OPTIONS, MESSAGES, amountToFreeDelivery, deliveryFee } from '../checkoutRules';

function describe(option, shop) {
  if (option.id === 'pickup') return shop.pickupLocation ? `Pick up at ${shop.pickupLocation}` : 'Pick up at our store';
  if (option.id === 'delivery') return shop.deliveryArea ? `Local delivery in ${shop.deliveryArea} only` : 'Local delivery';
  return 'Standard shipping, 3-5 business days';
}

export function DeliveryStep({ option, onSelect, onBack, onContinue }) {
  const { subtotal } = useCart();
  const shop = useShopInfo();
  const [error, setError] = useState('');

  function proceed() {
    if (!option) {
      setError(MESSAGES.option);
      return;
    }
    onContinue();
  }

  return (
    <div className="cart-step">
      <fieldset className="delivery-options">
        <legend className="delivery-options__legend">How would you like to receive your order?</legend>
        {DELIVERY_OPTIONS.map((o) => {
          const fee = deliveryFee(o.id, subtotal);
          const more = amountToFreeDelivery(o.id, subtotal);
          const infoId = `delivery-option-${o.id}-info`;
          return (
            <label key={o.id} className={`delivery-option${option === o.id ? ' delivery-option--selected' : ''}`}>
              <input
                type="radio"
                name="deliveryOption"
                value={o.id}
                checked={option === o.id}
                aria-label={o.label}
                aria-describedby={infoId}
                onChange={() => {
                  setError('');
                  onSelect(o.id);
                }}
              />
              <span className="delivery-option__text" id={infoId}>
                <span className="delivery-option__label">{o.label}</span>
                <span className="delivery-option__desc">{describe(o, shop)}</span>
                {more > 0 && (
                  <span className="delivery-option__hint">
                    Add {formatPrice(more)} more for free {o.id === 'shipping' ? 'shipping' : 'delivery'}
                  </span>
                )}
              </span>
              <span className={`delivery-option__fee${fee === 0 ? ' delivery-option__fee--free' : ''}`}>
                {fee === 0 ? 'FREE' : formatPrice(fee)}
              </span>
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
