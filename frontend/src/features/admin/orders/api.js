// All orders for the admin (api.md "Orders").
import { api } from '../../../lib/api';

export const ORDERS_PAGE_SIZE = 6;
// Under ['orders'] so anything that invalidates orders refreshes this list too; the extra part
// keeps the admin's infinite list apart from any other cache entry of the orders feature.
export const ADMIN_ORDERS_KEY = ['orders', 'all'];

export const fetchOrdersPage = (page) => api.get('/orders', { page, limit: ORDERS_PAGE_SIZE });
export const completeOrder = (orderId) => api.put(`/orders/${orderId}/complete`);
export const cancelOrder = (orderId) => api.put(`/orders/${orderId}/cancel`);
