// The back office's activity history (admins only), loaded on demand into the "admin" chunk (see
// app/routes.jsx).
import '../../styles/admin.css';

export { default as ActivityPage } from './components/ActivityPage';
