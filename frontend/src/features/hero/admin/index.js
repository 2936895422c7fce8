// The admins' hero image screen, loaded on demand into the "admin" chunk (see app/routes.jsx).
import '../../../styles/admin.css';

export { default as HeroManagementPage } from './HeroManagementPage';
