// Homepage hero images, admin side (api.md "Hero images").
import { api } from '../../../lib/api';

export const HERO_KEY = ['hero-images'];

export const fetchHeroImages = () => api.get('/hero/images');
export const createHero = (formData) => api.upload('POST', '/hero/images', formData);
export const updateHero = (heroId, formData) => api.upload('PUT', `/hero/images/${heroId}`, formData);
export const setHeroActive = (heroId, isActive) => api.put(`/hero/images/${heroId}`, { is_active: isActive });
export const deleteHero = (heroId) => api.del(`/hero/images/${heroId}`);
// display_order is 1-based on the wire (stored 0-based).
export const reorderHeroes = (orderedIds) => api.put('/hero/images/reorder', {
  imageOrders: orderedIds.map((id, index) => ({ id, display_order: index + 1 })),
});

export const IMAGE_REQUIRED = 'Please provide an image URL or upload an image file';

export function buildHeroFormData(values, file) {
  const form = new FormData();
  form.append('title', values.title);
  form.append('description', values.description);
  form.append('alt_text', values.alt_text);
  form.append('display_order', String(values.display_order));
  form.append('is_active', values.is_active ? '1' : '0');
  if (file) form.append('image', file, file.name);
  else form.append('image_url', values.image_url.trim());
  return form;
}

// Moves one item up (-1) or down (+1); the list as it would be, or null at an edge.
export function moveItem(list, index, delta) {
  const target = index + delta;
  if (target < 0 || target >= list.length) return null;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export function sortByDisplayOrder(images) {
  return [...(images || [])].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
}
