import { Suspense, lazy } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { AccessDenied } from '../components/AccessDenied';
import { Spinner } from '../components/Spinner';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage } from '../features/auth';
import { HomePage } from '../features/catalog';
import { HeroCarousel } from '../features/hero';
import { mayOpen } from '../lib/roles';
import { useSession } from '../lib/session';
import { Footer } from './Footer';
import { Layout } from './Layout';
import { PolicyPage } from './PolicyPage';

// Shopper screens beyond the first page, and the whole admin back office, load on demand.
const ProductPage = lazy(() => import(/* webpackChunkName: "product" */ '../features/catalog/components/ProductPage'));
const OrdersPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders').then((m) => ({ default: m.OrdersPage })));
const OrderConfirmationPage = lazy(() =>
  import(/* webpackChunkName: "orders" */ '../features/orders').then((m) => ({ default: m.OrderConfirmationPage })),
);
const MyRidesPage = lazy(() => import('../features/rides').then((m) => ({ default: m.MyRidesPage })));
// Each domain's admin screens sit in that feature; webpack puts them all in one "admin" chunk.
const AdminOrdersPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/orders/admin').then((m) => ({ default: m.AdminOrdersPage })),
);
const PrintOrdersPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/orders/admin').then((m) => ({ default: m.PrintOrdersPage })),
);
const DeliveriesPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/orders/admin').then((m) => ({ default: m.DeliveriesPage })),
);
const RideManagementPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/rides/admin').then((m) => ({ default: m.RideManagementPage })),
);
const StockLedgerPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/catalog/admin').then((m) => ({ default: m.StockLedgerPage })),
);
const HeroManagementPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/hero/admin').then((m) => ({ default: m.HeroManagementPage })),
);
// The dashboard brings its chart library: a chunk of its own, fetched only when an admin opens it.
const DashboardPage = lazy(() =>
  import(/* webpackChunkName: "admin-dashboard" */ '../features/reports').then((m) => ({ default: m.DashboardPage })),
);
// The taxes report has no chart: a chunk of its own, without the dashboard's chart library.
const TaxReportPage = lazy(() =>
  import(/* webpackChunkName: "admin-taxes" */ '../features/reports/taxes').then((m) => ({ default: m.TaxReportPage })),
);
const PromotionsPage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/promotions').then((m) => ({ default: m.PromotionsPage })),
);
const CompliancePage = lazy(() =>
  import(/* webpackChunkName: "admin" */ '../features/compliance').then((m) => ({ default: m.CompliancePage })),
);
const AccountPage = lazy(() => import(/* webpackChunkName: "account" */ '../features/account').then((m) => ({ default: m.AccountPage })));
const UsersPage = lazy(() => import(/* webpackChunkName: "admin" */ '../features/users').then((m) => ({ default: m.UsersPage })));
const SettingsPage = lazy(() => import(/* webpackChunkName: "admin" */ '../features/settings').then((m) => ({ default: m.SettingsPage })));
const ActivityPage = lazy(() => import(/* webpackChunkName: "admin" */ '../features/activity').then((m) => ({ default: m.ActivityPage })));

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading..." />
    </div>
  );
}

export function RequireAuth({ children }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status !== 'ready') return <PageLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}

export function SignedOutOnly({ children }) {
  const { status, user } = useSession();
  if (status !== 'ready') return <PageLoading />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

// A customer gets the shop's page; a back-office role gets the back office's page when its role
// may open `page` (lib/roles.js; no page: the admins' only), else the spec's Access Denied.
function ByRole({ page, admin: BackOfficePage, customer: CustomerPage }) {
  const { role, isBackOffice } = useSession();
  if (!isBackOffice) return <CustomerPage />;
  return mayOpen(role, page) ? <BackOfficePage /> : <AccessDenied />;
}

function PolicyShell() {
  return (
    <div className="policy-shell">
      <Link to="/" className="policy-shell__brand">
        Back to the shop
      </Link>
      <main id="main" className="policy-shell__main">
        <PolicyPage />
      </main>
      <Footer />
    </div>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route
          path="/login"
          element={
            <SignedOutOnly>
              <LoginPage />
              <Footer />
            </SignedOutOnly>
          }
        />
        <Route
          path="/forgot-password"
          element={
            <SignedOutOnly>
              <ForgotPasswordPage />
            </SignedOutOnly>
          }
        />
        {/* The shop's policies: open to anyone, linked from every shop-front footer. */}
        <Route path="/policies/:policyId" element={<PolicyShell />} />
        {/* The emailed link: it works signed in or not (it signs in as its account). */}
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        {/* The print view has no app header: it is the page that goes on paper. */}
        <Route
          path="/orders/print"
          element={
            <RequireAuth>
              <ByRole page="orders" admin={PrintOrdersPage} customer={AccessDenied} />
            </RequireAuth>
          }
        />
        <Route
          element={
            <RequireAuth>
              <Layout />
            </RequireAuth>
          }
        >
          <Route index element={<HomePage hero={<HeroCarousel />} />} />
          <Route path="product/:productId" element={<ProductPage />} />
          <Route path="products/:productId/stock" element={<ByRole page="products" admin={StockLedgerPage} customer={AccessDenied} />} />
          <Route path="dashboard" element={<ByRole admin={DashboardPage} customer={AccessDenied} />} />
          <Route path="orders" element={<ByRole page="orders" admin={AdminOrdersPage} customer={OrdersPage} />} />
          <Route path="rides" element={<ByRole page="rides" admin={RideManagementPage} customer={MyRidesPage} />} />
          <Route path="deliveries" element={<ByRole page="deliveries" admin={DeliveriesPage} customer={AccessDenied} />} />
          <Route path="hero" element={<ByRole admin={HeroManagementPage} customer={AccessDenied} />} />
          <Route path="users" element={<ByRole admin={UsersPage} customer={AccessDenied} />} />
          <Route path="settings" element={<ByRole admin={SettingsPage} customer={AccessDenied} />} />
          <Route path="activity" element={<ByRole admin={ActivityPage} customer={AccessDenied} />} />
          <Route path="promotions" element={<ByRole admin={PromotionsPage} customer={AccessDenied} />} />
          <Route path="taxes" element={<ByRole admin={TaxReportPage} customer={AccessDenied} />} />
          <Route path="compliance/*" element={<ByRole page="compliance" admin={CompliancePage} customer={AccessDenied} />} />
          <Route path="order-confirmation" element={<OrderConfirmationPage />} />
          <Route path="account" element={<ByRole admin={AccessDenied} customer={AccountPage} />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
