// The shop's settings (admins only), loaded on demand into the "admin" chunk (see app/routes.jsx).
import '../../styles/admin.css';

export { default as SettingsPage } from './components/SettingsPage';
