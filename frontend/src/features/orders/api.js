// Order reads of the shopper (api.md Orders).
import { api } from '../../lib/api';

export const ORDERS_PAGE_SIZE = 6;

export function fetchOrdersPage(page) {
  return api.get('/orders', { page, limit: ORDERS_PAGE_SIZE });
}
