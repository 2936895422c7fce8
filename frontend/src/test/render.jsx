import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CartProvider } from '../lib/cart';
import { SessionProvider } from '../lib/session';
import { ToastProvider } from '../lib/toast';

function base64Url(value) {
  return Buffer.from(JSON.stringify(value)).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

// An unsigned JWT with the server's payload fields: the client only reads it.
export function makeToken(user, { expiresInSeconds = 3600 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { userId: user.id, email: user.email, role: user.role, iat: now, exp: now + expiresInSeconds, pwv: 1 };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.test-signature`;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderWithProviders(
  ui,
  { route = '/', path = '*', user = null, queryClient = createTestQueryClient(), userEventOptions } = {},
) {
  if (user) {
    localStorage.setItem('token', makeToken(user));
    localStorage.setItem('user', JSON.stringify(user));
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <CartProvider>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={ui} />
              </Routes>
            </MemoryRouter>
          </CartProvider>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(userEventOptions), queryClient };
}
