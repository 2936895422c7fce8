// Catalog reads of the shopper: query options built on lib/queryKeys.js.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/pages';
import { productKeys } from '../../lib/queryKeys';

export const PRODUCTS_PAGE_SIZE = 12;

// `stock` (low | out) only ever comes from an admin's grid: the server refuses it to shoppers.
export function fetchProductsPage({ page, category, search, stock, signal }) {
  return api.get('/products', { page, limit: PRODUCTS_PAGE_SIZE, category, search, stock }, { signal });
}

export function fetchProduct(productId, signal) {
  return api.get(`/products/${encodeURIComponent(productId)}`, undefined, { signal });
}

export const productListQuery = ({ category, search, stock = null }) =>
  pagedQueryOptions({
    queryKey: productKeys.list({ category, search, stock }),
    fetchPage: (page, signal) => fetchProductsPage({ page, category, search, stock, signal }),
    itemsKey: 'products',
    pageSize: PRODUCTS_PAGE_SIZE,
  });

export const productQuery = (productId) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => fetchProduct(productId, signal),
  });
