import { useRef, useState } from 'react';
import { useCart } from '../../../lib/cart';
import { formatPrice, todayLA } from '../../../lib/format';
import {
  DELIVERY_OPTIONS,
  NEEDS_ADDRESS,
  NEEDS_APPOINTMENT,
  checkoutPayload,
  deliveryFee,
  orderTotal,
  validateCheckout,
} from '../checkoutRules';

function Field({ id, label, error, children }) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export function CheckoutStep({ option, form, onChange, onBack, placing, onPlace }) {
  const { items, subtotal } = useCart();
  const [error, setError] = useState(null);
  const formRef = useRef(null);
  const today = todayLA();
  const fee = deliveryFee(option, subtotal);
  const total = orderTotal(option, subtotal);
  const optionLabel = (DELIVERY_OPTIONS.find((o) => o.id === option) || {}).label || '';

  function input(name) {
    return {
      id: `checkout-${name}`,
      name,
      value: form[name],
      'aria-invalid': error && error.field === name ? 'true' : undefined,
      'aria-describedby': error && error.field === name ? 'checkout-error' : undefined,
      onChange: (event) => {
        if (error) setError(null);
        onChange({ ...form, [name]: event.target.value });
      },
    };
  }

  async function submit(event) {
    event.preventDefault();
    if (placing) return;
    const problem = validateCheckout(form, option, items, today);
    if (problem) {
      setError(problem);
      const field = formRef.current && formRef.current.querySelector(`[name="${problem.field}"]`);
      if (field) field.focus();
      return;
    }
    setError(null);
    await onPlace(checkoutPayload(form, option, items, subtotal));
  }

  return (
    <form className="cart-step checkout-form" ref={formRef} noValidate onSubmit={submit}>
      <p className="checkout-form__option">
        Delivery option: <strong>{optionLabel}</strong>
      </p>
      <Field id="checkout-customerName" label="Full Name" error={error && error.field === 'customerName'}>
        <input type="text" autoComplete="name" {...input('customerName')} />
      </Field>
      {NEEDS_ADDRESS.has(option) && (
        <Field id="checkout-deliveryAddress" label="Delivery Address" error={error && error.field === 'deliveryAddress'}>
          <input type="text" autoComplete="street-address" {...input('deliveryAddress')} />
        </Field>
      )}
      {NEEDS_APPOINTMENT.has(option) && (
        <>
          <Field id="checkout-phoneNumber" label="Phone Number" error={error && error.field === 'phoneNumber'}>
            <input type="tel" autoComplete="tel" {...input('phoneNumber')} />
          </Field>
          <div className="form-row">
            <Field id="checkout-deliveryDate" label="Delivery Date" error={error && error.field === 'deliveryDate'}>
              <input type="date" min={today} {...input('deliveryDate')} />
            </Field>
            <Field id="checkout-deliveryTime" label="Delivery Time" error={error && error.field === 'deliveryTime'}>
              <input type="time" {...input('deliveryTime')} />
            </Field>
          </div>
        </>
      )}
      <Field id="checkout-specialInstructions" label="Special Instructions (optional)">
        <textarea rows={3} {...input('specialInstructions')} />
      </Field>

      {error && (
        <p className="form-error" role="alert" id="checkout-error">
          {error.message}
        </p>
      )}

      <div className="checkout-summary" aria-label="Order summary" role="group">
        <div className="cart-summary-row">
          <span>Subtotal</span>
          <span>{formatPrice(subtotal)}</span>
        </div>
        {fee > 0 && (
          <div className="cart-summary-row">
            <span>{option === 'shipping' ? 'Shipping Fee' : 'Delivery Fee'}</span>
            <span>{formatPrice(fee)}</span>
          </div>
        )}
        <div className="cart-summary-row cart-summary-row--strong">
          <span>Total</span>
          <span data-testid="checkout-total">{formatPrice(total)}</span>
        </div>
      </div>

      <div className="cart-footer cart-footer--split">
        <button type="button" className="button button--secondary" onClick={onBack} disabled={placing}>
          Back
        </button>
        <button type="submit" className="button button--primary" disabled={placing} aria-busy={placing || undefined}>
          {placing ? 'Please wait...' : 'Place Order'}
        </button>
      </div>
    </form>
  );
}
