// The cart drawer as the app renders it, with a cart filled through the real provider (as the
// product page does) and the server's answers mocked at fetch.
import { useEffect, useRef } from 'react';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { useCart } from '../../../lib/cart';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { CartDrawer } from '..';

export const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };

function Seed({ lines }) {
  const { addItem, open } = useCart();
  const seeded = useRef(false);
  useEffect(() => {
    // Seed once on mount.
    if (seeded.current) return;
    seeded.current = true;
    lines.forEach(([product, type, quantity]) => addItem(product, type, quantity));
    open();
  }, [lines, addItem, open]);
  return null;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

// The customer's saved details (checkout prefills from them): none, not even the name, unless a
// test says so.
export const NO_DETAILS = { ...CUSTOMER, name: '', phone: '', deliveryAddress: '', deliveryZip: '' };

export function renderDrawer(lines, handlers = {}) {
  const fetchMock = mockFetch({ 'GET /api/auth/me': { status: 200, body: NO_DETAILS }, ...handlers });
  const result = renderWithProviders(
    <>
      <Seed lines={lines} />
      <CartDrawer />
      <Where />
    </>,
    { user: CUSTOMER },
  );
  return { ...result, fetchMock };
}

export function header(init, name) {
  const headers = (init && init.headers) || {};
  if (typeof headers.get === 'function') return headers.get(name);
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? headers[key] : undefined;
}

export function bodyOf(init) {
  return typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
}

export const checkoutCalls = (fetchMock) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/orders/checkout'));

export async function toCheckout(user, optionName) {
  await user.click(screen.getByRole('button', { name: 'Checkout' }));
  await user.click(screen.getByRole('radio', { name: optionName }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('button', { name: 'Place Order' });
}
