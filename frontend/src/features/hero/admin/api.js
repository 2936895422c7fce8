// @ts-check
// Homepage hero images, admin side: mutation hooks that refresh the list each write changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, serverMessage } from '../../../lib/api';
import { heroKeys } from '../../../lib/queryKeys';

/** @typedef {import('../../../lib/api-types').components['schemas']} Schemas */
/** @typedef {Schemas['Hero']} Hero */
/**
 * The hero form's values.
 * @typedef {{title: string, description: string, alt_text: string, cta_label: string, cta_link: string, object_position: string, display_order: number | string}} HeroText
 * @typedef {HeroText & {is_active: boolean, image_url: string}} HeroValues
 */

/** @type {(formData: FormData) => Promise<Hero>} */
const createHero = (formData) => api.upload('POST', '/hero/images', formData);
/** @type {(heroId: number, formData: FormData) => Promise<Hero>} */
const updateHero = (heroId, formData) => api.upload('PUT', `/hero/images/${heroId}`, formData);
// display_order is 1-based on the wire (stored 0-based).
/** @type {(orderedIds: number[]) => Promise<Hero[]>} */
const reorderHeroes = (orderedIds) =>
  api.put('/hero/images/reorder', {
    imageOrders: orderedIds.map((id, index) => ({ id, display_order: index + 1 })),
  });

/**
 * @template V
 * @param {(variables: V) => Promise<unknown>} mutationFn
 */
function useHeroWrite(mutationFn) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: heroKeys.all }) });
}

// mutate({ heroId?, formData }): a new image without heroId, else that image's new values.
export const useSaveHero = () =>
  useHeroWrite((/** @type {{heroId?: number | null, formData: FormData}} */ { heroId, formData }) =>
    heroId ? updateHero(heroId, formData) : createHero(formData),
  );
export const useSetHeroActive = () =>
  useHeroWrite((/** @type {{heroId: number, isActive: boolean}} */ { heroId, isActive }) =>
    api.put(`/hero/images/${heroId}`, { is_active: isActive }),
  );
export const useDeleteHero = () => useHeroWrite((/** @type {number} */ heroId) => api.del(`/hero/images/${heroId}`));

// Shows the new order at once; the server's answer replaces it, and a refused reorder puts the
// list back as it was and reloads it as the server has it.
export function useReorderHeroes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (/** @type {Hero[]} */ ordered) => reorderHeroes(ordered.map((hero) => hero.id)),
    onMutate: async (/** @type {Hero[]} */ ordered) => {
      // A reload already on its way would answer with the old order over the new one.
      await queryClient.cancelQueries({ queryKey: heroKeys.all });
      const previous = queryClient.getQueryData(heroKeys.all);
      queryClient.setQueryData(
        heroKeys.all,
        ordered.map((hero, i) => ({ ...hero, display_order: i })),
      );
      return { previous };
    },
    onSuccess: (answer) => {
      if (Array.isArray(answer)) queryClient.setQueryData(heroKeys.all, answer);
    },
    onError: (err, ordered, context) => {
      queryClient.setQueryData(heroKeys.all, context?.previous);
      return queryClient.invalidateQueries({ queryKey: heroKeys.all });
    },
  });
}

export const IMAGE_REQUIRED = 'Please provide an image URL or upload an image file';

/**
 * @param {HeroValues} values
 * @param {File | null | undefined} file an upload, else the image URL is sent
 */
export function buildHeroFormData(values, file) {
  const form = new FormData();
  form.append('title', values.title);
  form.append('description', values.description);
  form.append('alt_text', values.alt_text);
  form.append('cta_label', values.cta_label.trim());
  form.append('cta_link', values.cta_link.trim());
  if (values.object_position.trim()) form.append('object_position', values.object_position.trim());
  form.append('display_order', String(values.display_order));
  form.append('is_active', values.is_active ? '1' : '0');
  if (file) form.append('image', file, file.name);
  else form.append('image_url', values.image_url.trim());
  return form;
}

// Moves one item up (-1) or down (+1); the list as it would be, or null at an edge.
/**
 * @template T
 * @param {T[]} list
 * @param {number} index
 * @param {number} delta
 * @returns {T[] | null}
 */
export function moveItem(list, index, delta) {
  const target = index + delta;
  if (target < 0 || target >= list.length) return null;
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** @param {Hero[] | null | undefined} images */
export function sortByDisplayOrder(images) {
  return [...(images || [])].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
}

// The server's reason, or the network text when the call never reached it.
/** @param {import('../../../lib/api').ApiError | null | undefined} err */
export function heroErrorMessage(err) {
  if (err?.isNetwork || !err?.status) return 'Network error. Please try again.';
  return `Error: ${serverMessage(err, err.message)}`;
}

// Where a click on the preview falls, as the focal point "x% y%" (whole percentages).
/**
 * @param {{clientX: number, clientY: number}} point
 * @param {{left: number, top: number, width: number, height: number}} box
 */
export function focalPointAt(point, box) {
  const share = (/** @type {number} */ offset, /** @type {number} */ size) =>
    Math.round(Math.min(1, Math.max(0, size ? offset / size : 0.5)) * 100);
  return `${share(point.clientX - box.left, box.width)}% ${share(point.clientY - box.top, box.height)}%`;
}
