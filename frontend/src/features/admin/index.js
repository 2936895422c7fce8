// Admin back office: one code-split chunk, loaded only for admins (see app/ routes).
// Contract between the shopper app (frontend/src/app) and this feature; every export is a
// React component.
import './admin.css';

export { default as AdminOrdersPage } from './orders/AdminOrdersPage';
export { default as RideManagementPage } from './rides/RideManagementPage';
export { default as HeroManagementPage } from './hero/HeroManagementPage';
export { default as UsersPage } from './users/UsersPage';
export { ProductAdminToolbar, EmptyCatalogAdminAction } from './products/ProductAdminToolbar';
export { ProductAdminActions } from './products/ProductAdminActions';
