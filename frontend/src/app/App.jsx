import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BrowserRouter } from 'react-router';
import { CartProvider } from '../lib/cart';
import { SessionProvider, useSession } from '../lib/session';
import { ToastProvider } from '../lib/toast';
import { retryDelay, shouldRetry } from './retryPolicy';
import { AppRoutes } from './routes';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

// One user's cached orders or products must never show to the next user of the same browser.
function ClearCacheOnUserChange() {
  const client = useQueryClient();
  const { user, status } = useSession();
  const previous = useRef(undefined);
  const id = status === 'ready' ? (user?.id ?? null) : undefined;
  useEffect(() => {
    if (id === undefined) return;
    if (previous.current !== undefined && previous.current !== id) client.clear();
    previous.current = id;
  }, [id, client]);
  return null;
}

export function AppProviders({ children, queryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <ClearCacheOnUserChange />
          <CartProvider>{children}</CartProvider>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
