// The admins' ride screen, loaded on demand into the "admin" chunk (see app/routes.jsx).
import '../../../styles/admin.css';

export { default as RideManagementPage } from './RideManagementPage';
