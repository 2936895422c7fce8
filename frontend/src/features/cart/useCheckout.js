// Placing an order: one request at a time, the attempt's Idempotency-Key, and everything that
// follows a successful checkout (confirmation data stored, cart cleared, drawer
// closed, /order-confirmation) plus refreshed stock and order lists.
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../lib/api';
import { useCart } from '../../lib/cart';
import { CHECKOUT_KEY, usePlaceOrder } from './api';
import { createAttemptKeys } from './idempotency';

export const ORDER_FAILED = 'Failed to place order';
export const ORDER_NETWORK_ERROR = 'Error placing order. Please try again.';

// Refusals about something the checkout form shows (the 21+ box, the ZIP code, the phone number,
// the delivery date and time, shipping) are answered beside the form, in the server's words.
const FORM_FIELDS = [
  'customerName',
  'deliveryAddress',
  'deliveryZip',
  'shippingState',
  'phoneNumber',
  'deliveryDate',
  'deliveryTime',
  'ageConfirmed',
  'dateOfBirth',
  'deliveryOption',
];

export function formRefusal(err) {
  if (!err || !err.errors || !err.serverMessage) return null;
  const field = FORM_FIELDS.find((name) => Array.isArray(err.errors[name]) && err.errors[name].length);
  return field ? { field, message: err.errors[field][0] } : null;
}

// Any refusal: beside its field when it names one, else at the top of the form (stock, prices,
// holds, a network failure), in the server's words when it gave some. Never a toast: the form is
// where the shopper fixes it.
export function checkoutRefusal(err) {
  // Lines the compliance rules refuse at this place: each named with the rule's message
  // ("<Product - Type>: <message>"), shown beside its line.
  const lines = err?.errors?.cartItems;
  if (Array.isArray(lines) && lines.length) return { field: 'cartItems', message: serverMessage(err, ORDER_FAILED), lines };
  const beside = formRefusal(err);
  if (beside) return beside;
  return { field: 'form', message: err && err.isNetwork ? ORDER_NETWORK_ERROR : serverMessage(err, ORDER_FAILED) };
}

export function useCheckout() {
  const keysRef = useRef(null);
  if (!keysRef.current) keysRef.current = createAttemptKeys();
  const order = usePlaceOrder();
  const queryClient = useQueryClient();
  const cart = useCart();
  const navigate = useNavigate();

  // { placed: true } | { placed: false, refusal: {field, message} | null } (field 'form': a
  // refusal about no one field, shown at the top of the form).
  async function submit(payload) {
    // The mutation cache, not the rendered flag: a second click in the same tick would
    // otherwise reach the server first.
    if (queryClient.isMutating({ mutationKey: CHECKOUT_KEY })) return { placed: false, refusal: null };
    const idempotencyKey = keysRef.current.keyFor(payload);
    try {
      const answer = await order.mutateAsync({ payload, idempotencyKey });
      keysRef.current.reset();
      const placed = answer && answer.order ? answer.order : answer;
      try {
        sessionStorage.setItem('lastOrder', JSON.stringify(placed));
      } catch {
        // Private mode or a full storage: router state still carries the order.
      }
      cart.clear();
      cart.close();
      // No toast: the confirmation page says it, and a toast would lie over its order
      // summary on a phone.
      navigate('/order-confirmation', { state: { order: placed } });
      return { placed: true, refusal: null };
    } catch (err) {
      return { placed: false, refusal: checkoutRefusal(err) };
    }
  }

  return { placing: order.isPending, submit };
}
