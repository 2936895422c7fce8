// The back office's compliance rules and records (admins), loaded on demand with the other admin screens.
import '../../styles/admin.css';

export { CompliancePage } from './components/CompliancePage';
