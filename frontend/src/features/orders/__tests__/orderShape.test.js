import { orderLines, orderSubtotal } from '../orderShape';

test('current shape: one line per item', () => {
  const lines = orderLines({
    id: 5,
    items: [
      { productId: 1, productTypeId: 3, productName: 'Vape', productTypeName: 'Mint', quantity: 2, price: 12.5, subtotal: 25 },
      { productId: 2, productTypeId: null, productName: 'Coil', productTypeName: null, quantity: 1, price: 4, subtotal: 4 },
    ],
  });
  expect(lines.map(({ name, typeName, quantity, price, subtotal }) => [name, typeName, quantity, price, subtotal])).toEqual([
    ['Vape', 'Mint', 2, 12.5, 25],
    ['Coil', '', 1, 4, 4],
  ]);
});

test('older single-product shape becomes one line', () => {
  const [line] = orderLines({ id: 9, product: { name: 'Glass Pipe' }, quantity: 3, total: 45 });
  expect(line).toMatchObject({ name: 'Glass Pipe', quantity: 3, price: 15, subtotal: 45 });
});

test('subtotal is total minus fee', () => {
  expect(orderSubtotal({ total: 32.5, deliveryFee: 20 })).toBe(12.5);
  expect(orderSubtotal({ total: 70 })).toBe(70);
});
