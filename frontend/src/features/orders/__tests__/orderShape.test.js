import { orderLines, orderSubtotal } from '../orderShape';

test('current shape: one line per item', () => {
  const lines = orderLines({
    id: 5,
    items: [
      { productId: 1, productTypeId: 3, productName: 'Vape', productTypeName: 'Mint', quantity: 2, price: 12.5, subtotal: 25 },
      { productId: 2, productTypeId: null, productName: 'Coil', productTypeName: null, quantity: 1, price: 4, subtotal: 4 },
      // The product was deleted since: no id for its SKU.
      {
        productId: null,
        productTypeId: null,
        productName: 'Old Coil',
        productTypeName: null,
        quantity: 1,
        price: '3.00',
        subtotal: '3.00',
      },
    ],
  });
  const shown = lines.map(({ productId, name, typeName, quantity, price, subtotal }) => [
    productId,
    name,
    typeName,
    quantity,
    price,
    subtotal,
  ]);
  expect(shown).toEqual([
    [1, 'Vape', 'Mint', 2, 12.5, 25],
    [2, 'Coil', '', 1, 4, 4],
    [null, 'Old Coil', '', 1, 3, 3],
  ]);
});

test('older single-product shape becomes one line', () => {
  const [line] = orderLines({ id: 9, product: { id: 4, name: 'Glass Pipe' }, quantity: 3, total: 45 });
  expect(line).toMatchObject({ productId: 4, name: 'Glass Pipe', quantity: 3, price: 15, subtotal: 45 });
  expect(orderLines({ id: 9, product: 'Glass Pipe', productId: 4, total: 15 })[0]).toMatchObject({ productId: 4, name: 'Glass Pipe' });
});

test('subtotal is total minus fee', () => {
  expect(orderSubtotal({ total: 32.5, deliveryFee: 20 })).toBe(12.5);
  expect(orderSubtotal({ total: 70 })).toBe(70);
});
