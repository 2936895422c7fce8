// Filters kept in the URL: a back-office list can be bookmarked, shared and reloaded. The keys are
// the API's own query parameters, so the values go to the server as they are and it checks them.

// Only the `keys` that are set, in the order of `keys` (equal filters give equal query keys).
// `source` is an object or the URL's search params.
export function pickFilters(keys, source = {}) {
  const get = typeof source.get === 'function' ? (key) => source.get(key) : (key) => source[key];
  const filters = {};
  keys.forEach((key) => {
    const value = String(get(key) ?? '').trim();
    if (value) filters[key] = value;
  });
  return filters;
}

// `params` with `changes` applied ({key: value}; an empty value removes the key). Other
// parameters in the URL are kept.
export function withFilters(params, changes) {
  const next = new URLSearchParams(params);
  Object.entries(changes).forEach(([key, value]) => {
    const text = String(value ?? '').trim();
    if (text) next.set(key, text);
    else next.delete(key);
  });
  return next;
}
