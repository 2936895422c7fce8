// @ts-check
// Catalog reads of the shopper: query options built on lib/queryKeys.js.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/pages';
import { productKeys } from '../../lib/queryKeys';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const PRODUCTS_PAGE_SIZE = 12;

// The grid's orders (`sort` of GET /api/products, docs/api.md); the first is the server's default
// and is never sent or written in the URL.
export const SORTS = [
  { id: 'newest', label: 'Newest' },
  { id: 'price_asc', label: 'Price: low to high' },
  { id: 'price_desc', label: 'Price: high to low' },
  { id: 'name', label: 'Name' },
];
export const DEFAULT_SORT = SORTS[0].id;

/**
 * @typedef {{category?: string | null, search?: string, stock?: string | null, sort?: string | null, inStock?: boolean}} ProductFilters
 */

// `stock` (low | out) only ever comes from an admin's grid: the server refuses it to shoppers.
// `sort` is left out when it is the default, `inStock` when it is off.
/**
 * @param {ProductFilters & {page: number, signal?: AbortSignal}} query
 * @returns {Promise<Schemas['ProductPage']>}
 */
export function fetchProductsPage({ page, category, search, stock, sort, inStock, signal }) {
  const order = sort && sort !== DEFAULT_SORT ? sort : null;
  return api.get(
    '/products',
    { page, limit: PRODUCTS_PAGE_SIZE, category, search, stock, sort: order, inStock: inStock ? 1 : null },
    { signal },
  );
}

/**
 * @param {string | number} productId
 * @param {AbortSignal} [signal]
 * @returns {Promise<Schemas['Product']>}
 */
export function fetchProduct(productId, signal) {
  return api.get(`/products/${encodeURIComponent(productId)}`, undefined, { signal });
}

/** @param {ProductFilters} filters */
export const productListQuery = ({ category, search, stock = null, sort = null, inStock = false }) =>
  pagedQueryOptions({
    queryKey: productKeys.list({ category, search, stock, sort, inStock }),
    fetchPage: (/** @type {number} */ page, /** @type {AbortSignal} */ signal) =>
      fetchProductsPage({ page, category, search, stock, sort, inStock, signal }),
    itemsKey: 'products',
    pageSize: PRODUCTS_PAGE_SIZE,
  });

export const productQuery = (/** @type {string | number} */ productId) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => fetchProduct(productId, signal),
  });
