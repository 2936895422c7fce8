// Catalog writes of the admin back office (api.md "Catalog").
import { api } from '../../../lib/api';

export function saveProduct(productId, formData, onProgress) {
  return productId
    ? api.upload('PUT', `/products/${productId}`, formData, { onProgress })
    : api.upload('POST', '/products', formData, { onProgress });
}

export const deleteProduct = (productId) => api.del(`/products/${productId}`);

export const typeCalls = {
  createType: (productId, payload) => api.post(`/products/${productId}/types`, payload),
  updateType: (productId, typeId, payload) => api.put(`/products/${productId}/types/${typeId}`, payload),
  deleteType: (productId, typeId) => api.del(`/products/${productId}/types/${typeId}`),
};

// The multipart form of POST/PUT /api/products. existingImages is sent on update only: it is
// the list of already stored images to keep (api.md).
export function buildProductFormData({ values, existingImages, newFiles, isUpdate }) {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('description', values.description || '');
  form.append('price', String(values.price ?? '').trim());
  form.append('availability', values.availability ? 'true' : 'false');
  form.append('category', values.category);
  form.append('quantity', String(values.quantity ?? '').trim());
  if (isUpdate) form.append('existingImages', JSON.stringify(existingImages));
  newFiles.forEach((file) => form.append('images', file, file.name));
  return form;
}
