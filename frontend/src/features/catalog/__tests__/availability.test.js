import { AVAILABILITY_WORDS as words, addToCartBlock, availability, firstUsableType } from '../productRules';

const type = (id, quantity, extra = {}) => ({ id, name: `Type ${id}`, availability: true, price: null, quantity, ...extra });
const product = (extra = {}) => ({ id: 1, name: 'Item', price: '9.99', availability: true, quantity: 5, types: [], ...extra });

test('a product marked unavailable is unavailable whatever its stock or types', () => {
  const flagged = product({ availability: false, quantity: 5, types: [type(1, 3)] });
  expect(availability(flagged)).toEqual({ available: false, units: 0, reason: 'unavailable' });
  expect(availability(flagged, flagged.types[0])).toEqual({ available: false, units: 0, reason: 'unavailable' });
  expect(firstUsableType(flagged)).toBeNull();
  expect(addToCartBlock(flagged, flagged.types[0], '1')).toBe('unavailable');
});

test('without types, the product is available while it has units left', () => {
  expect(availability(product({ quantity: 5 }))).toEqual({ available: true, units: 5, reason: null });
  expect(availability(product({ quantity: 0 }))).toEqual({ available: false, units: 0, reason: 'out-of-stock' });
  expect(addToCartBlock(product({ quantity: 0 }), null, '1')).toBe('stock');
});

test('with types, a type needs its flag and its units; the product adds its usable types up', () => {
  const item = product({ quantity: 24, types: [type(1, 8), type(2, 0), type(3, 6, { availability: false })] });
  expect(availability(item, item.types[0])).toEqual({ available: true, units: 8, reason: null });
  expect(availability(item, item.types[1])).toEqual({ available: false, units: 0, reason: 'out-of-stock' });
  expect(availability(item, item.types[2])).toEqual({ available: false, units: 0, reason: 'out-of-stock' });
  // The product's own quantity does not count once it has types.
  expect(availability(item)).toEqual({ available: true, units: 8, reason: null });
  const soldOut = product({ quantity: 24, types: [type(1, 0), type(2, 4, { availability: false })] });
  expect(availability(soldOut)).toEqual({ available: false, units: 0, reason: 'out-of-stock' });
});

test('every place words the same answer', () => {
  const yes = availability(product({ quantity: 5 }));
  const flagged = availability(product({ availability: false }));
  const empty = availability(product({ quantity: 0 }));
  expect([words.status(yes), words.badge(yes), words.units(yes)]).toEqual(['Available', 'In Stock', '5 available']);
  expect([words.status(flagged), words.badge(flagged), words.units(flagged)]).toEqual(['Unavailable', 'Out of Stock', 'Unavailable']);
  expect([words.status(empty), words.badge(empty), words.units(empty), words.type(empty)]).toEqual([
    'Unavailable',
    'Out of Stock',
    'Out of stock',
    'Out of stock',
  ]);
});
