import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCart } from '../../../lib/cart';
import { useCategories } from '../../../lib/categories';
import { todayLA } from '../../../lib/format';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { phoneCheckQuery, quoteQuery, useDeliveryTimes } from '../api';
import { checkoutPayload, quoteBody, validateCheckout } from '../checkoutRules';
import { dateProblem, deliveryDateBounds, restrictedProducts } from '../saleRules';
import { checkoutRefusal } from '../useCheckout';
import { useCartQuote } from '../useCartQuote';
import { useCartLines } from '../useCartLines';
import { QuoteSummary, bringIntoView, feeLabelOf } from './CartStep';
import { AgeConfirmation, AppointmentFields, Field, PhoneField } from './CheckoutFields';
import { RuleRefusals, refusedLines } from './RuleRefusals';

// The earliest delivery moment moves with the clock: the rules are read again when this step
// opens if the copy in hand is older than this.
const RULES_FRESH_MS = 60 * 1000;

const TOP_OF_FORM = ['form', 'cart', 'cartItems', 'deliveryOption'];

// A refusal about no field of this step (the cart, the option, stock, prices) goes on top, unless
// it names cart lines: those are said beside them (RuleRefusals), not again on top.
function topRefusal(problem, items) {
  if (!TOP_OF_FORM.includes(problem?.field)) return '';
  const byLine = problem.field === 'cartItems' && refusedLines(problem.lines ?? [], items).some((line) => line.item);
  return byLine ? '' : problem.message;
}

// Where a refusal is shown: the blocked line's Remove, the message on top, or the field.
function refusalTarget(formElement, field) {
  const removable = ['cart', 'cartItems'].includes(field) && formElement.querySelector('.checkout-blocked__remove');
  if (removable) return removable;
  if (field === 'cartItems' && formElement.querySelector('.checkout-blocked')) return formElement.querySelector('.checkout-blocked');
  return formElement.querySelector(TOP_OF_FORM.includes(field) ? '#checkout-form-error' : `[name="${field}"]`);
}

// A field's id, name and, when it is the one at fault, its error marks.
function fieldState(name, atFault) {
  return {
    id: `checkout-${name}`,
    name,
    'aria-invalid': atFault ? 'true' : undefined,
    'aria-describedby': atFault ? `checkout-${name}-error` : undefined,
  };
}

// What the chosen option asks for: an address (with its state for a shipment: taxed at the
// state's rate), and a booked delivery (phone, date, time, ZIP).
function OptionFields({ option, form, bounds, day, input, error, onChange }) {
  return (
    <>
      {option?.needsAddress && (
        <Field id="checkout-deliveryAddress" label="Delivery Address" error={error('deliveryAddress')}>
          <input type="text" autoComplete="street-address" {...input('deliveryAddress')} />
        </Field>
      )}
      {option?.id === 'shipping' && (
        <Field id="checkout-shippingState" label="State (2 letters, like CA)" error={error('shippingState')}>
          <input type="text" autoComplete="address-level1" maxLength={2} {...input('shippingState')} />
        </Field>
      )}
      {/* Pickup: the number the shop texts back when the customer writes on the way. */}
      {option?.id === 'pickup' && <PhoneField form={form} input={input} error={error} label="Phone Number (optional)" />}
      {option?.needsAppointment && (
        <AppointmentFields form={form} bounds={bounds} day={day} input={input} error={error} onChange={onChange} />
      )}
    </>
  );
}

// Lines checkout would refuse, each with the server's sentence and its one-click Remove: Place
// Order stays refused until they are gone.
function BlockedLines({ blocked }) {
  const { removeItem } = useCart();
  if (!blocked.length) return null;
  return (
    <ul className="checkout-blocked" aria-label="Items that cannot be ordered">
      {blocked.map(({ item, line }) => (
        <li key={item.cartKey} className="checkout-blocked__line">
          <span id={`checkout-blocked-${item.cartKey}`}>{line.problem}</span>
          <button
            type="button"
            className="button button--secondary checkout-blocked__remove"
            aria-label={`Remove ${line.label}`}
            aria-describedby={`checkout-blocked-${item.cartKey}`}
            onClick={() => removeItem(item.cartKey)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

// The chosen day as the server sees it: out of the served range (said before asking), else its
// offered times, or the server's sentence for none.
function useDeliveryDay(form, option, shop, today) {
  const bounds = deliveryDateBounds(shop, today);
  const outside = dateProblem(form.deliveryDate, today, bounds, shop.checkoutMessages);
  const offered = useDeliveryTimes(form.deliveryDate, Boolean(option?.needsAppointment) && !outside);
  const day = outside ? { times: [], problem: outside, isLoaded: true } : { ...offered, problem: offered.message };
  return { bounds, day };
}

// The figures for exactly what is being ordered, read now (the shown quote is usually this very
// answer, from the cache): {quote} or {refusal}, beside the field the server named (a shipment's
// state) or on top of the form.
async function currentQuote(queryClient, body) {
  try {
    const quote = await queryClient.fetchQuery(quoteQuery(body));
    return { quote };
  } catch (err) {
    return { refusal: checkoutRefusal(err) };
  }
}

// The phone number checked by the server's rule before the order is sent: the refusal, or null
// (also when the check could not be had: checkout answers for itself).
async function phoneRefusal(queryClient, form) {
  const phone = (form.phoneNumber || '').trim();
  if (!phone) return null;
  try {
    const check = await queryClient.fetchQuery(phoneCheckQuery(phone));
    return check && check.valid === false ? { field: 'phoneNumber', message: check.message } : null;
  } catch {
    return null;
  }
}

// A 21+ order needs the customer's date of birth (asked once; afterwards only the shop changes it).
// Asked when a 21+ cart's customer has none on the profile, or when the server named it.
const birthDateAsked = (askAge, me, problem) => Boolean(askAge && me && !me.dateOfBirth) || problem?.field === 'dateOfBirth';

// The checkout body with the date of birth, when it was asked and given.
const withBirthDate = (payload, asked, form) => (asked && form.dateOfBirth ? { ...payload, dateOfBirth: form.dateOfBirth } : payload);

function BirthDateField({ show, input, error }) {
  if (!show) return null;
  const hint = <p className="form-hint">Asked once: orders of 21+ goods need it, and the ID shown at hand-over must agree.</p>;
  return (
    <Field id="checkout-dateOfBirth" label="Date of birth" error={error('dateOfBirth')} hint={hint}>
      <input type="date" autoComplete="bday" {...input('dateOfBirth')} />
    </Field>
  );
}

export function CheckoutStep({ me, option: optionId, form, promoCode, onChange, onBack, placing, onPlace }) {
  const { items } = useCart();
  const { blocked, orderable } = useCartLines();
  const { quote, error: quoteError } = useCartQuote(form, optionId, promoCode);
  const shop = useShopInfo({ staleTime: RULES_FRESH_MS });
  const { categoryById } = useCategories();
  const queryClient = useQueryClient();
  const option = findById(shop.deliveryOptions, optionId);
  const [problem, setProblem] = useState(null);
  // The server asked for the 21+ confirmation although the cart's copy of the products did not
  // say they needed it (a category changed since they were added).
  const [ageAsked, setAgeAsked] = useState(false);
  const restricted = restrictedProducts(items, categoryById);
  const askAge = restricted.length > 0 || ageAsked;
  const askBirthDate = birthDateAsked(askAge, me, problem);
  const formRef = useRef(null);
  const today = todayLA();
  const { bounds, day } = useDeliveryDay(form, option, shop, today);

  const error = (name) => (problem && problem.field === name ? problem.message : '');

  function input(name) {
    return {
      ...fieldState(name, Boolean(error(name))),
      value: form[name],
      onChange: (event) => {
        if (problem) setProblem(null);
        onChange({ ...form, [name]: event.target.value });
      },
    };
  }

  function show(found) {
    if (found.field === 'ageConfirmed') setAgeAsked(true);
    setProblem({ ...found });
  }

  // After the render that shows it: the field at fault may only now be on screen (the age box).
  useEffect(() => {
    if (!problem || !formRef.current) return;
    bringIntoView(refusalTarget(formRef.current, problem.field));
  }, [problem]);

  async function firstProblem() {
    if (blocked.length) return { field: 'cart', message: shop.cartLineMessages?.review };
    // The phone's form is the server's to judge; asked first, so it is named in the form's
    // order (before the date below it), as checkout would.
    const phone = await phoneRefusal(queryClient, form);
    return validateCheckout(form, option, items, today, shop.checkoutMessages, { ...day, phone: phone?.message || '' });
  }

  async function submit(event) {
    event.preventDefault();
    if (placing) return;
    const found = await firstProblem();
    if (found) {
      show(found);
      return;
    }
    const priced = await currentQuote(queryClient, quoteBody(form, option, orderable, promoCode));
    if (priced.refusal || priced.quote.pending?.message) {
      show(priced.refusal || { field: 'form', message: priced.quote.pending.message });
      return;
    }
    setProblem(null);
    const code = priced.quote.promo?.applied ? promoCode : '';
    const payload = checkoutPayload({ ...form, ageConfirmed: askAge && form.ageConfirmed }, option, orderable, priced.quote, code);
    const answer = await onPlace(withBirthDate(payload, askBirthDate, form));
    if (answer && answer.refusal) show(answer.refusal);
  }

  const topMessage = topRefusal(problem, items);
  return (
    <form className="cart-step checkout-form" ref={formRef} noValidate onSubmit={submit}>
      <p className="checkout-form__option">
        Delivery option: <strong>{option?.label ?? ''}</strong>
      </p>
      {topMessage && (
        <p className="form-error" role="alert" id="checkout-form-error" tabIndex={-1}>
          {topMessage}
        </p>
      )}
      <BlockedLines blocked={blocked} />
      <RuleRefusals problem={problem} />
      <Field id="checkout-customerName" label="Full Name" error={error('customerName')}>
        <input type="text" autoComplete="name" {...input('customerName')} />
      </Field>
      <OptionFields option={option} form={form} bounds={bounds} day={day} input={input} error={error} onChange={onChange} />
      <Field id="checkout-specialInstructions" label="Special Instructions (optional)">
        <textarea rows={3} {...input('specialInstructions')} />
      </Field>

      {askAge && (
        <AgeConfirmation
          names={restricted}
          notice={shop.idNotices?.[optionId]}
          checked={form.ageConfirmed === true}
          error={error('ageConfirmed')}
          onToggle={(checked) => {
            if (problem) setProblem(null);
            onChange({ ...form, ageConfirmed: checked });
          }}
        />
      )}

      <BirthDateField show={askBirthDate} input={input} error={error} />

      <QuoteSummary quote={quote} error={quoteError} feeLabel={feeLabelOf(option)} testId="checkout" />

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
