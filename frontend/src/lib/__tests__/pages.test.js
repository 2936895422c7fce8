import { nextPageParam, pageQuery } from '../pages';

test('a keyset page names its next page by the cursor it gives, a numbered one by number', () => {
  const keyset = { orders: [], pagination: { page: 1, hasNextPage: true, nextCursor: 'abc' } };
  const numbered = { orders: [], pagination: { page: 1, hasNextPage: true } };
  const last = { orders: [], pagination: { page: 2, hasNextPage: false, nextCursor: null } };

  expect(nextPageParam(keyset, 'orders', 6, 1)).toBe('abc');
  expect(nextPageParam(numbered, 'orders', 6, 1)).toBe(2);
  expect(nextPageParam(last, 'orders', 6, 'abc')).toBeUndefined();
  expect(pageQuery('abc')).toEqual({ cursor: 'abc' });
  expect(pageQuery(3)).toEqual({ page: 3 });
});
