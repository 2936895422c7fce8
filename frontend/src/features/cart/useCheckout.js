// Placing an order: one request at a time, the attempt's Idempotency-Key, and everything the
// spec does after a successful checkout (confirmation data stored, cart cleared, drawer
// closed, /order-confirmation) plus refreshed stock and order lists.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../lib/api';
import { useCart } from '../../lib/cart';
import { useToast } from '../../lib/toast';
import { placeOrder } from './api';
import { createAttemptKeys } from './idempotency';

export const ORDER_FAILED = 'Failed to place order';
export const ORDER_NETWORK_ERROR = 'Error placing order. Please try again.';

export function useCheckout() {
  const keysRef = useRef(null);
  if (!keysRef.current) keysRef.current = createAttemptKeys();
  const inFlight = useRef(false);
  const [placing, setPlacing] = useState(false);
  const cart = useCart();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function submit(payload) {
    // A second click while the first request is out would otherwise reach the server first.
    if (inFlight.current) return false;
    inFlight.current = true;
    setPlacing(true);
    const key = keysRef.current.keyFor(payload);
    try {
      const answer = await placeOrder(payload, key);
      keysRef.current.reset();
      const order = answer && answer.order ? answer.order : answer;
      try {
        sessionStorage.setItem('lastOrder', JSON.stringify(order));
      } catch {
        // Private mode or a full storage: router state still carries the order.
      }
      cart.clear();
      cart.close();
      queryClient.invalidateQueries({ queryKey: ['products'] });
      queryClient.invalidateQueries({ queryKey: ['orders'] });
      toast.success((answer && answer.message) || 'Order placed successfully');
      navigate('/order-confirmation', { state: { order } });
      return true;
    } catch (err) {
      toast.error(err && err.isNetwork ? ORDER_NETWORK_ERROR : serverMessage(err, ORDER_FAILED));
      return false;
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }

  return { placing, submit };
}
