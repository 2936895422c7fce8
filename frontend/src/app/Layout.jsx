import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { CartDrawer } from '../features/cart';
import { useSession } from '../lib/session';
import { Header } from './Header';

export function Layout() {
  const { isBackOffice } = useSession();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <Suspense
          fallback={
            <div className="page-loading">
              <Spinner label="Loading..." />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {isBackOffice ? null : <CartDrawer />}
    </div>
  );
}
