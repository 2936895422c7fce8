import { api } from '../../lib/api';

export const PRODUCTS_PAGE_SIZE = 12;

export function fetchProductsPage({ page, category, search, signal }) {
  return api.get('/products', { page, limit: PRODUCTS_PAGE_SIZE, category, search }, { signal });
}

export function fetchProduct(productId, signal) {
  return api.get(`/products/${encodeURIComponent(productId)}`, undefined, { signal });
}
