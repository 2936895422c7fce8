// The cart drawer as the app renders it, with a cart filled through the real provider (as the
// product page does) and the server's answers mocked at fetch.
import { useEffect, useRef } from 'react';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { useCart } from '../../../lib/cart';
import { mockFetch } from '../../../test/fetch';
import { fakeQuote } from '../../../test/quote';
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

// The drawer reads each cart product again (GET /api/products/{id}): by default the server still
// sells it as the cart holds it; a test's handlers say otherwise.
function productsAsSeeded(lines) {
  return Object.fromEntries(lines.map(([product]) => [`GET /api/products/${product.id}`, { status: 200, body: product }]));
}

export function plusDays(iso, days) {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// Test data standing in for the server's answers (the app asks the server for these).
export const PHONE_INVALID = 'Please enter a valid phone number';
export const DAY_TIMES = ['10:00', '10:30', '11:00', '14:00', '14:30', '20:00'];
const param = (url, name) => new URL(url, 'http://localhost').searchParams.get(name) || '';

// GET /api/shop/phone-check: ten digits pass here; GET /api/shop/delivery-times: DAY_TIMES.
export const CHECKS = {
  'GET /api/shop/phone-check': (url) => {
    const phone = param(url, 'phone');
    const valid = phone.replace(/\D/g, '').length >= 10;
    return { status: 200, body: { phone, valid, message: valid ? '' : PHONE_INVALID } };
  },
  'GET /api/shop/delivery-times': (url) => ({ status: 200, body: { date: param(url, 'date'), times: DAY_TIMES, message: '' } }),
};

export function renderDrawer(lines, handlers = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': { status: 200, body: NO_DETAILS },
    ...CHECKS,
    ...productsAsSeeded(lines),
    'POST /api/orders/quote': fakeQuote(lines.map(([product]) => product)),
    ...handlers,
  });
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

export const callsTo = (fetchMock, path) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path));
export const quoteCalls = (fetchMock) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/orders/quote'));
export const checkoutCalls = (fetchMock) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/orders/checkout'));

export async function toCheckout(user, optionName) {
  await user.click(screen.getByRole('button', { name: 'Checkout' }));
  await user.click(screen.getByRole('radio', { name: optionName }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('button', { name: 'Place Order' });
}
