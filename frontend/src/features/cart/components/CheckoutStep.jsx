import { useEffect, useRef, useState } from 'react';
import { useCart } from '../../../lib/cart';
import { useCategories } from '../../../lib/categories';
import { formatPrice, todayLA } from '../../../lib/format';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { checkoutPayload, deliveryFee, orderTotal, validateCheckout } from '../checkoutRules';
import { restrictedProducts } from '../saleRules';
import { AgeConfirmation, AppointmentFields, Field } from './CheckoutFields';

// The earliest delivery moment moves with the clock: the rules are read again when this step
// opens if the copy in hand is older than this.
const RULES_FRESH_MS = 60 * 1000;

// A field's id, name and, when it is the one at fault, its error marks.
function fieldState(name, atFault) {
  return {
    id: `checkout-${name}`,
    name,
    'aria-invalid': atFault ? 'true' : undefined,
    'aria-describedby': atFault ? 'checkout-error' : undefined,
  };
}

// What the chosen option asks for: an address, and a booked delivery (phone, date, time, ZIP).
function OptionFields({ option, form, rules, today, input, invalid, onChange }) {
  return (
    <>
      {option?.needsAddress && (
        <Field id="checkout-deliveryAddress" label="Delivery Address" error={invalid('deliveryAddress')}>
          <input type="text" autoComplete="street-address" {...input('deliveryAddress')} />
        </Field>
      )}
      {option?.needsAppointment && (
        <AppointmentFields form={form} rules={rules} today={today} input={input} invalid={invalid} onChange={onChange} />
      )}
    </>
  );
}

function OrderSummary({ subtotal, fee, total, optionId }) {
  return (
    <div className="checkout-summary" aria-label="Order summary" role="group">
      <div className="cart-summary-row">
        <span>Subtotal</span>
        <span>{formatPrice(subtotal)}</span>
      </div>
      {fee > 0 && (
        <div className="cart-summary-row">
          <span>{optionId === 'shipping' ? 'Shipping Fee' : 'Delivery Fee'}</span>
          <span>{formatPrice(fee)}</span>
        </div>
      )}
      <div className="cart-summary-row cart-summary-row--strong">
        <span>Total</span>
        <span data-testid="checkout-total">{formatPrice(total)}</span>
      </div>
    </div>
  );
}

export function CheckoutStep({ option: optionId, form, onChange, onBack, placing, onPlace }) {
  const { items, subtotal } = useCart();
  const shop = useShopInfo({ staleTime: RULES_FRESH_MS });
  const { categoryById } = useCategories();
  const option = findById(shop.deliveryOptions, optionId);
  const [error, setError] = useState(null);
  // The server asked for the 21+ confirmation although the cart's copy of the products did not
  // say they needed it (a category changed since they were added).
  const [ageAsked, setAgeAsked] = useState(false);
  const restricted = restrictedProducts(items, categoryById);
  const askAge = restricted.length > 0 || ageAsked;
  const formRef = useRef(null);
  const today = todayLA();
  const fee = deliveryFee(option, subtotal);
  const total = orderTotal(option, subtotal);
  const optionLabel = option?.label ?? '';

  const invalid = (name) => Boolean(error && error.field === name);

  function input(name) {
    return {
      ...fieldState(name, invalid(name)),
      value: form[name],
      onChange: (event) => {
        if (error) setError(null);
        onChange({ ...form, [name]: event.target.value });
      },
    };
  }

  function show(problem) {
    if (problem.field === 'ageConfirmed') setAgeAsked(true);
    setError({ ...problem });
  }

  // After the render that shows it: the field at fault may only now be on screen (the age box).
  useEffect(() => {
    const field = error && formRef.current && formRef.current.querySelector(`[name="${error.field}"]`);
    if (field) field.focus();
  }, [error]);

  async function submit(event) {
    event.preventDefault();
    if (placing) return;
    const problem = validateCheckout(form, option, items, today, shop.checkoutMessages);
    if (problem) {
      show(problem);
      return;
    }
    setError(null);
    const answer = await onPlace(checkoutPayload({ ...form, ageConfirmed: askAge && form.ageConfirmed }, option, items, subtotal));
    if (answer && answer.refusal) show(answer.refusal);
  }

  return (
    <form className="cart-step checkout-form" ref={formRef} noValidate onSubmit={submit}>
      <p className="checkout-form__option">
        Delivery option: <strong>{optionLabel}</strong>
      </p>
      <Field id="checkout-customerName" label="Full Name" error={invalid('customerName')}>
        <input type="text" autoComplete="name" {...input('customerName')} />
      </Field>
      <OptionFields option={option} form={form} rules={shop} today={today} input={input} invalid={invalid} onChange={onChange} />
      <Field id="checkout-specialInstructions" label="Special Instructions (optional)">
        <textarea rows={3} {...input('specialInstructions')} />
      </Field>

      {askAge && (
        <AgeConfirmation
          names={restricted}
          notice={shop.idNotices?.[optionId]}
          checked={form.ageConfirmed === true}
          invalid={invalid('ageConfirmed')}
          onToggle={(checked) => {
            if (error) setError(null);
            onChange({ ...form, ageConfirmed: checked });
          }}
        />
      )}

      {error && (
        <p className="form-error" role="alert" id="checkout-error">
          {error.message}
        </p>
      )}

      <OrderSummary subtotal={subtotal} fee={fee} total={total} optionId={optionId} />

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
