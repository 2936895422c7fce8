// @ts-check
// Catalog reads of the shopper: query options built on lib/queryKeys.js.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/pages';
import { productKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const PRODUCTS_PAGE_SIZE = 12;

// `stock` (low | out) only ever comes from an admin's grid: the server refuses it to shoppers.
/**
 * @param {{page: number, category?: string | null, search?: string, stock?: string | null, signal?: AbortSignal}} query
 * @returns {Promise<Schemas['ProductPage']>}
 */
export function fetchProductsPage({ page, category, search, stock, signal }) {
  return api.get('/products', { page, limit: PRODUCTS_PAGE_SIZE, category, search, stock }, { signal });
}

/**
 * @param {string | number} productId
 * @param {AbortSignal} [signal]
 * @returns {Promise<Schemas['Product']>}
 */
export function fetchProduct(productId, signal) {
  return api.get(`/products/${encodeURIComponent(productId)}`, undefined, { signal });
}

/** @param {{category?: string | null, search?: string, stock?: string | null}} filters */
export const productListQuery = ({ category, search, stock = null }) =>
  pagedQueryOptions({
    queryKey: productKeys.list({ category, search, stock }),
    fetchPage: (/** @type {number} */ page, /** @type {AbortSignal} */ signal) =>
      fetchProductsPage({ page, category, search, stock, signal }),
    itemsKey: 'products',
    pageSize: PRODUCTS_PAGE_SIZE,
  });

export const productQuery = (/** @type {string | number} */ productId) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => fetchProduct(productId, signal),
  });
