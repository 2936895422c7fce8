// The taxes report page alone (no chart library): its own chunk (see app/routes.jsx).
import '../../styles/admin.css';

export { TaxReportPage } from './components/TaxReportPage';
