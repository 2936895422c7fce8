// The back office's order screens (list, Today, print view, the driver's deliveries), loaded on demand into the "admin" chunk (see app/routes.jsx).
import '../../../styles/admin.css';

export { default as AdminOrdersPage } from './AdminOrdersPage';
export { default as PrintOrdersPage } from './PrintOrdersPage';
export { default as DeliveriesPage } from './DeliveriesPage';
