// @ts-check
// Catalog writes of the admin back office, as mutation hooks with the cache updates each implies.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, apiFetchVersioned, serverMessage } from '../../../lib/api';
import { categoriesQuery } from '../../../lib/categories';
import { activityKeys, productKeys } from '../../../lib/queryKeys';

/** @typedef {import('../../../lib/api-types').components['schemas']} Schemas */
/**
 * The product form's values (strings as typed).
 * @typedef {object} ProductValues
 * @property {string} name
 * @property {string} [description]
 * @property {string | number | null} [price]
 * @property {string | number | null} [compareAtPrice]
 * @property {boolean} [exciseExempt]
 * @property {boolean} [availability]
 * @property {string} category
 * @property {string | number | null} [quantity]
 */
/**
 * One save: `buildForm()` prepares the images and may throw ImageProcessingError before anything is sent.
 * @typedef {object} ProductSave
 * @property {number | null} [productId] none for a new product
 * @property {string | null} [etag]
 * @property {() => Promise<FormData>} buildForm
 * @property {(fraction: number) => void} [onProgress]
 */

// An update carries the ETag of the copy it was made from (If-Match): the server refuses it with
// 412 when the product changed since.
/**
 * @param {number | null | undefined} productId none for a new product
 * @param {FormData} formData see buildProductFormData
 * @param {((fraction: number) => void) | undefined} onProgress
 * @param {string | null | undefined} etag the version the edit was made from
 * @returns {Promise<Schemas['Product']>}
 */
export function saveProduct(productId, formData, onProgress, etag) {
  return productId
    ? api.upload('PUT', `/products/${productId}`, formData, { onProgress, headers: { 'If-Match': etag ?? undefined } })
    : api.upload('POST', '/products', formData, { onProgress });
}

/** @type {(productId: number, etag?: string | null) => Promise<unknown>} */
export const deleteProduct = (productId, etag) =>
  api.del(`/products/${productId}`, undefined, etag ? { headers: { 'If-Match': etag } } : undefined);

// The product as the server has it now, with its version: read afresh each time a form opens.
export const productVersionQuery = (/** @type {string | number} */ productId) =>
  queryOptions({
    queryKey: productKeys.version(productId),
    /** @returns {Promise<{product: Schemas['Product'], etag: string | null}>} */
    queryFn: async ({ signal }) => {
      const { data, etag } = await api.getVersioned(`/products/${encodeURIComponent(productId)}`, { signal });
      return { product: data, etag };
    },
    staleTime: 0,
    gcTime: 0,
  });

export const isStale = (/** @type {{status?: number} | null | undefined} */ err) => err?.status === 412;

// The multipart form of POST/PUT /api/products: the product, its images and (`types`) its full
// list of types, saved by the server in one transaction. existingImages is sent on update only:
// the list of already stored images to keep.
/**
 * @param {object} parts
 * @param {ProductValues} parts.values
 * @param {string[]} parts.existingImages
 * @param {File[]} parts.newFiles
 * @param {boolean} parts.isUpdate
 * @param {Schemas['ProductTypeFormRequest'][] | null | undefined} parts.types
 * @param {Record<string, unknown> | null} [parts.regulatory] the product's own attributes (null: inherited)
 */
export function buildProductFormData({ values, existingImages, newFiles, isUpdate, types, regulatory }) {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description || '');
  form.append('price', String(values.price ?? '').trim());
  // Empty: not on sale.
  form.append('compareAtPrice', String(values.compareAtPrice ?? '').trim());
  form.append('exciseExempt', values.exciseExempt ? 'true' : 'false');
  form.append('availability', values.availability ? 'true' : 'false');
  form.append('category', values.category);
  // A product with types is stocked by them (shop/stock.py sells from the types only): its own
  // figure is not sent, and the server leaves it as it is.
  if (!types?.length) form.append('quantity', String(values.quantity ?? '').trim());
  if (isUpdate) form.append('existingImages', JSON.stringify(existingImages));
  if (types) form.append('types', JSON.stringify(types));
  // As JSON, like the types: each key null where the category's default applies.
  if (regulatory) form.append('regulatory', JSON.stringify(regulatory));
  newFiles.forEach((file) => form.append('images', file, file.name));
  return form;
}

// 'Error: {server text}' when the server said why, else the generic product-save text.
/** @param {unknown} err */
export function saveErrorMessage(err) {
  const text = serverMessage(/** @type {import('../../../lib/api').ApiError} */ (err), '');
  return text ? `Error: ${text}` : 'Error saving product. Check console for details.';
}

// Saves the product with its images and types in one request; every list and detail of the
// catalog is stale afterwards. mutateAsync({ productId, etag, buildForm, onProgress }) -> the
// saved product; buildForm() may throw ImageProcessingError before anything is sent.
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(save: ProductSave) => Promise<Schemas['Product']>} */
    mutationFn: async ({ productId, etag, buildForm, onProgress }) => saveProduct(productId, await buildForm(), onProgress, etag),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

// `onDeleted` runs before the cache forgets the product, so the page showing it can leave
// first: refetching it now would only meet a 404.
/** @param {{onDeleted?: (productId: number) => void}} [options] */
export function useDeleteProduct({ onDeleted } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (/** @type {{productId: number, etag?: string | null}} */ { productId, etag }) => deleteProduct(productId, etag),
    onSuccess: (_, { productId }) => {
      onDeleted?.(productId);
      queryClient.removeQueries({ queryKey: productKeys.detail(productId) });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

// PATCH /api/categories/{id} {ageRestricted?, shippable?, exciseTax?} (admins): the category answered
// replaces ours in the served list, and products are read again (each carries its category's
// flags). Checkout applies a change from the next order on.
export function useSaveCategoryFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(change: {categoryId: string, flags: Schemas['PatchedCategoryFlagsRequest']}) => Promise<Schemas['Category']>} */
    mutationFn: ({ categoryId, flags }) => apiFetch(`/categories/${encodeURIComponent(categoryId)}`, { method: 'PATCH', body: flags }),
    onSuccess: (saved) => {
      queryClient.setQueryData(categoriesQuery.queryKey, (/** @type {Schemas['Category'][] | undefined} */ list) =>
        Array.isArray(list) ? list.map((c) => (c.id === saved.id ? { ...c, ...saved } : c)) : list,
      );
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

export const STOCK_LEDGER_PAGE_SIZE = 50;

// A product's stock ledger: its moves newest first (one figure's: `figure` a type's id or 'own'),
// and `manage.py stock_audit`'s verdict on each of its figures (GET /api/products/{id}/stock-moves).
/**
 * @param {string | number} productId
 * @param {string} figure '' for every figure
 * @param {number} page
 */
export const stockLedgerQuery = (productId, figure, page) =>
  queryOptions({
    queryKey: productKeys.ledger(productId, figure, page),
    /** @returns {Promise<Schemas['StockMovePage']>} */
    queryFn: ({ signal }) =>
      api.get(
        `/products/${encodeURIComponent(productId)}/stock-moves`,
        { type: figure || undefined, page, limit: STOCK_LEDGER_PAGE_SIZE },
        { signal },
      ),
  });

export const PRODUCT_HISTORY_PAGE_SIZE = 10;

// The product editor's History tab: the product's entries of the activity history, its types' and
// images' included, newest first (GET /api/activity?entity=product&id=...; docs/api.md).
/**
 * @param {string | number} productId
 * @param {number} page
 */
export const productHistoryQuery = (productId, page) =>
  queryOptions({
    queryKey: activityKeys.product(productId, page),
    /** @returns {Promise<Schemas['ActivityPage']>} */
    queryFn: ({ signal }) => api.get('/activity', { entity: 'product', id: productId, page, limit: PRODUCT_HISTORY_PAGE_SIZE }, { signal }),
  });

/**
 * A staff member's stock edit: only the figures staff may change (lib/roles.js).
 * @typedef {object} StockChange
 * @property {number} productId
 * @property {string | null} etag the version the edit was made from
 * @property {{availability?: boolean, quantity?: number}} product the product's own changed fields
 * @property {{id: number, availability?: boolean, quantity?: number}[]} types each changed type's
 */

// Each type's write answers the product's next ETag, which the next write carries (If-Match),
// so an edit made from a stale copy is refused (412) as the full form's is.
/** @param {StockChange} change */
export async function saveStock({ productId, etag, product, types }) {
  let version = etag;
  for (const { id, ...fields } of types) {
    const answer = await apiFetchVersioned(`/products/${productId}/types/${id}`, {
      method: 'PUT',
      body: fields,
      headers: version ? { 'If-Match': version } : undefined,
    });
    version = answer.etag ?? version;
  }
  if (!Object.keys(product).length) return null;
  const form = new FormData();
  Object.entries(product).forEach(([name, value]) => form.append(name, String(value)));
  const { data } = await apiFetchVersioned(`/products/${productId}`, {
    method: 'PUT',
    formData: form,
    headers: version ? { 'If-Match': version } : undefined,
  });
  return data;
}

export function useSaveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
