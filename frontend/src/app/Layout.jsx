import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageNotice } from '../components/PageNotice';
import { Spinner } from '../components/Spinner';
import { CartDrawer } from '../features/cart';
import { useSession } from '../lib/session';
import { Footer } from './Footer';
import { Header } from './Header';

// The back office's news comes with the admin chunk: a shopper never downloads it.
const Announcements = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/announcements').then((m) => ({ default: m.Announcements })),
);

// The pages that announce new orders and ride requests, by the name the tab's title counts on.
export function announcedPage(pathname, search) {
  if (pathname === '/rides') return 'Rides';
  if (pathname !== '/orders') return null;
  return new URLSearchParams(search).get('due') === 'today' ? 'Today' : 'Orders';
}

export function Layout() {
  const { isBackOffice } = useSession();
  const { pathname, search } = useLocation();
  const announced = isBackOffice ? announcedPage(pathname, search) : null;
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
          {announced ? <Announcements label={announced} /> : null}
          <PageNotice />
          <Outlet />
        </Suspense>
      </main>
      {isBackOffice ? null : <Footer />}
      {isBackOffice ? null : <CartDrawer />}
    </div>
  );
}
