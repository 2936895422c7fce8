import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from './session';

const CART_KEY = 'cart';
const OWNER_KEY = 'cartOwner';
const PLACE_KEY = 'cartPlace';

// Where the cart goes, as the checkout last knew it: {deliveryOption, deliveryZip,
// shippingState}; none chosen yet reads as pickup at the counter (the server's default). The
// product pages ask the compliance rules about this place (lib/compliance.js).
export const PICKUP_PLACE = { deliveryOption: '', deliveryZip: '', shippingState: '' };

function readPlace() {
  try {
    const stored = JSON.parse(localStorage.getItem(PLACE_KEY) || 'null');
    if (stored && typeof stored === 'object') return { ...PICKUP_PLACE, ...placeOf(stored) };
  } catch {
    /* unreadable: pickup */
  }
  return PICKUP_PLACE;
}

// Only what decides a place: a whole ZIP code, a two-letter state.
export function placeOf({ deliveryOption = '', deliveryZip = '', shippingState = '' } = {}) {
  const zip = String(deliveryZip || '').trim();
  const state = String(shippingState || '')
    .trim()
    .toUpperCase();
  return {
    deliveryOption: String(deliveryOption || ''),
    deliveryZip: deliveryOption === 'delivery' && /^\d{5}$/.test(zip) ? zip : '',
    shippingState: deliveryOption === 'shipping' && /^[A-Z]{2}$/.test(state) ? state : '',
  };
}

export function cartKeyFor(productId, typeId) {
  return typeId === null || typeId === undefined ? String(productId) : `${productId}_${typeId}`;
}

// The type's price when set, else the product's (as the server prices a line).
export function unitPrice(product, type) {
  if (type && type.price !== null && type.price !== undefined && type.price !== '') return Number(type.price);
  if (product && product.price !== null && product.price !== undefined && product.price !== '') return Number(product.price);
  return null;
}

// `quantity` always means units still available (docs/api.md, Orders); a missing figure does not limit.
export function availableStock(product, type) {
  const quantity = type ? type.quantity : product?.quantity;
  if (quantity === null || quantity === undefined || quantity === '') return Infinity;
  const n = Number(quantity);
  return Number.isFinite(n) ? Math.max(0, n) : Infinity;
}

export function stockMessage(product, type, n) {
  return `Only ${n} items available in stock for ${product?.name ?? ''}${type ? ` - ${type.name}` : ''}`;
}

function readCart() {
  try {
    const raw = localStorage.getItem(CART_KEY);
    if (!raw) return [];
    const items = JSON.parse(raw);
    if (!Array.isArray(items)) throw new Error('cart is not a list');
    const valid = items.filter((i) => i && typeof i.cartKey === 'string' && i.product && Number.isInteger(i.quantity) && i.quantity > 0);
    if (valid.length !== items.length) throw new Error('cart has unreadable lines');
    return valid;
  } catch {
    // An unreadable stored cart is reset, never a crash.
    try {
      localStorage.removeItem(CART_KEY);
    } catch {
      /* storage unavailable */
    }
    return [];
  }
}

function writeCart(items) {
  try {
    if (items.length) localStorage.setItem(CART_KEY, JSON.stringify(items));
    else localStorage.removeItem(CART_KEY);
  } catch {
    /* full or unavailable storage: the cart still works for this visit */
  }
}

const CartContext = createContext(null);

const validAddition = (product, n) => Boolean(product) && product.id !== undefined && product.id !== null && Number.isInteger(n) && n > 0;

// The cart with `n` more units of `product` (and `type`): {ok: true, items}, or the stock refusal.
function withAddition(current, product, type, n) {
  const key = cartKeyFor(product.id, type?.id);
  const existing = current.find((i) => i.cartKey === key);
  const stock = availableStock(product, type);
  const wanted = (existing ? existing.quantity : 0) + n;
  if (wanted > stock) return { ok: false, message: stockMessage(product, type, stock) };
  const items = existing
    ? current.map((i) => (i.cartKey === key ? { ...i, quantity: wanted, product, selectedType: type } : i))
    : [...current, { cartKey: key, productId: product.id, productTypeId: type ? type.id : null, quantity: n, product, selectedType: type }];
  return { ok: true, items };
}

export function CartProvider({ children }) {
  const { user } = useSession();
  const [items, setItems] = useState(readCart);
  const [isOpen, setOpen] = useState(false);
  const [place, setPlaceState] = useState(readPlace);
  // addItem/updateQuantity answer synchronously, so they read the latest lines from a ref.
  const itemsRef = useRef(items);

  const commit = useCallback((next) => {
    itemsRef.current = next;
    writeCart(next);
    setItems(next);
  }, []);

  // The cart is cleared when a different user signs in: one shopper's cart is not another's.
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined || userId === null) return;
    let owner = null;
    try {
      owner = localStorage.getItem(OWNER_KEY);
    } catch {
      owner = null;
    }
    if (owner !== null && owner !== String(userId)) commit([]);
    try {
      localStorage.setItem(OWNER_KEY, String(userId));
    } catch {
      /* storage unavailable */
    }
  }, [userId, commit]);

  const addItem = useCallback(
    (product, selectedType = null, quantity = 1) => {
      const n = Number(quantity);
      if (!validAddition(product, n)) return { ok: false, message: 'Invalid product data' };
      const added = withAddition(itemsRef.current, product, selectedType || null, n);
      if (!added.ok) return added;
      commit(added.items);
      return { ok: true };
    },
    [commit],
  );

  const updateQuantity = useCallback(
    (cartKey, quantity) => {
      const current = itemsRef.current;
      const line = current.find((i) => i.cartKey === cartKey);
      if (!line) return { ok: false, message: 'Item not found in cart' };
      const n = Math.floor(Number(quantity));
      if (!Number.isFinite(n) || n <= 0) {
        commit(current.filter((i) => i.cartKey !== cartKey));
        return { ok: true };
      }
      const stock = availableStock(line.product, line.selectedType);
      if (n > stock) return { ok: false, message: stockMessage(line.product, line.selectedType, stock) };
      commit(current.map((i) => (i.cartKey === cartKey ? { ...i, quantity: n } : i)));
      return { ok: true };
    },
    [commit],
  );

  const removeItem = useCallback((cartKey) => commit(itemsRef.current.filter((i) => i.cartKey !== cartKey)), [commit]);
  const clear = useCallback(() => commit([]), [commit]);
  const setPlace = useCallback((next) => {
    const known = placeOf(next);
    setPlaceState((current) => (JSON.stringify(current) === JSON.stringify(known) ? current : known));
    try {
      localStorage.setItem(PLACE_KEY, JSON.stringify(known));
    } catch {
      /* storage unavailable: the place still holds for this visit */
    }
  }, []);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);

  const value = useMemo(() => {
    const count = items.reduce((sum, i) => sum + i.quantity, 0);
    const subtotal = Math.round(items.reduce((sum, i) => sum + (unitPrice(i.product, i.selectedType) ?? 0) * i.quantity, 0) * 100) / 100;
    return { items, count, subtotal, isOpen, open, close, addItem, updateQuantity, removeItem, clear, place, setPlace };
  }, [items, isOpen, open, close, addItem, updateQuantity, removeItem, clear, place, setPlace]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart() {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
