// Checkout call of the cart feature (api.md Orders).
import { api } from '../../lib/api';

export function placeOrder(payload, idempotencyKey) {
  return api.post('/orders/checkout', payload, { headers: { 'Idempotency-Key': idempotencyKey } });
}
