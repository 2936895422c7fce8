import { act, render } from '@testing-library/react';
import { makeToken } from '../../test/render';
import { CartProvider, availableStock, cartKeyFor, stockMessage, unitPrice, useCart } from '../cart';
import { SessionProvider } from '../session';

const juice = { id: 3, name: 'Mango Juice', price: 10, availability: true, quantity: 5, types: [] };
const vape = {
  id: 4,
  name: 'Vape',
  price: 20,
  availability: true,
  quantity: 0,
  types: [{ id: 9, name: 'Mint', price: 25, availability: true, quantity: 2 }],
};
const mint = vape.types[0];

function setup() {
  const ref = { current: null };
  function Probe() {
    ref.current = useCart();
    return null;
  }
  const utils = render(
    <SessionProvider>
      <CartProvider>
        <Probe />
      </CartProvider>
    </SessionProvider>,
  );
  return { cart: () => ref.current, ...utils };
}

function signInAs(id) {
  localStorage.setItem('token', makeToken({ id, email: `u${id}@example.com`, role: 'customer' }));
  localStorage.setItem('user', JSON.stringify({ id, name: `User ${id}`, email: `u${id}@example.com`, role: 'customer' }));
}

test('pure helpers: keys, prices, stock and the stock message', () => {
  expect(cartKeyFor(3, null)).toBe('3');
  expect(cartKeyFor(4, 9)).toBe('4_9');
  expect(unitPrice(vape, mint)).toBe(25);
  expect(unitPrice(vape, { ...mint, price: null })).toBe(20);
  expect(unitPrice({ price: null }, null)).toBeNull();
  expect(availableStock(vape, mint)).toBe(2);
  expect(availableStock(juice, null)).toBe(5);
  expect(stockMessage(juice, null, 5)).toBe('Only 5 items available in stock for Mango Juice');
  expect(stockMessage(vape, mint, 2)).toBe('Only 2 items available in stock for Vape - Mint');
});

test('adding the same line merges quantities and counts every unit', () => {
  const { cart } = setup();
  act(() => expect(cart().addItem(juice, null, 2)).toEqual({ ok: true }));
  act(() => expect(cart().addItem(juice, null, 1)).toEqual({ ok: true }));
  act(() => expect(cart().addItem(vape, mint, 1)).toEqual({ ok: true }));
  expect(cart().items.map((i) => [i.cartKey, i.quantity])).toEqual([
    ['3', 3],
    ['4_9', 1],
  ]);
  expect(cart().count).toBe(4);
  expect(cart().subtotal).toBe(55);
  expect(JSON.parse(localStorage.getItem('cart'))).toHaveLength(2);
});

test('the stock limit is enforced with its message, with and without a type', () => {
  const { cart } = setup();
  act(() => cart().addItem(juice, null, 4));
  let result;
  act(() => {
    result = cart().addItem(juice, null, 2);
  });
  expect(result).toEqual({ ok: false, message: 'Only 5 items available in stock for Mango Juice' });
  act(() => {
    result = cart().addItem(vape, mint, 3);
  });
  expect(result).toEqual({ ok: false, message: 'Only 2 items available in stock for Vape - Mint' });
  act(() => {
    result = cart().updateQuantity('3', 6);
  });
  expect(result.message).toBe('Only 5 items available in stock for Mango Juice');
  expect(cart().items[0].quantity).toBe(4);
});

test('updateQuantity: a new amount, zero or less removes, unknown key is refused', () => {
  const { cart } = setup();
  act(() => cart().addItem(juice, null, 1));
  act(() => expect(cart().updateQuantity('3', 3)).toEqual({ ok: true }));
  expect(cart().items[0].quantity).toBe(3);
  act(() => expect(cart().updateQuantity('nope', 1)).toEqual({ ok: false, message: 'Item not found in cart' }));
  act(() => expect(cart().updateQuantity('3', 0)).toEqual({ ok: true }));
  expect(cart().items).toEqual([]);
  expect(localStorage.getItem('cart')).toBeNull();
});

test('removeItem and clear empty the cart and its storage', () => {
  const { cart } = setup();
  act(() => cart().addItem(juice, null, 1));
  act(() => cart().addItem(vape, mint, 1));
  act(() => cart().removeItem('3'));
  expect(cart().items.map((i) => i.cartKey)).toEqual(['4_9']);
  act(() => cart().clear());
  expect(cart().count).toBe(0);
  expect(localStorage.getItem('cart')).toBeNull();
});

test('the cart survives a reload for the same user', () => {
  signInAs(1);
  const first = setup();
  act(() => first.cart().addItem(juice, null, 2));
  first.unmount();
  const second = setup();
  expect(second.cart().count).toBe(2);
});

test('a different user signing in starts with an empty cart', () => {
  signInAs(1);
  const first = setup();
  act(() => first.cart().addItem(juice, null, 2));
  first.unmount();
  signInAs(2);
  const second = setup();
  expect(second.cart().items).toEqual([]);
  expect(localStorage.getItem('cartOwner')).toBe('2');
});

test('an unreadable stored cart is reset', () => {
  localStorage.setItem('cart', '{not json');
  const { cart } = setup();
  expect(cart().items).toEqual([]);
  expect(localStorage.getItem('cart')).toBeNull();
});

test('a stored cart with broken lines is reset', () => {
  localStorage.setItem('cart', JSON.stringify([{ cartKey: '1' }]));
  const { cart } = setup();
  expect(cart().items).toEqual([]);
});

test('the drawer opens and closes', () => {
  const { cart } = setup();
  expect(cart().isOpen).toBe(false);
  act(() => cart().open());
  expect(cart().isOpen).toBe(true);
  act(() => cart().close());
  expect(cart().isOpen).toBe(false);
});
