// The admins' order screens (list, Today, print view), loaded on demand into the "admin" chunk (see app/routes.jsx).
import '../../../styles/admin.css';

export { default as AdminOrdersPage } from './AdminOrdersPage';
export { default as PrintOrdersPage } from './PrintOrdersPage';
