// The admins' sales dashboard, loaded on demand with its chart library (see app/routes.jsx).
import '../../styles/admin.css';

export { DashboardPage } from './components/DashboardPage';
