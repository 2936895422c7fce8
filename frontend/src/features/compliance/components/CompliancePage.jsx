import { NavLink, useLocation } from 'react-router';
import AccessDenied from '../../../components/AccessDenied';
import Spinner from '../../../components/Spinner';
import { useSession } from '../../../lib/session';
import { RecordsPage } from './RecordsPage';
import { RulesPage } from './RulesPage';
import '../compliance.css';

const SECTIONS = [
  { to: '/compliance', label: 'Rules' },
  { to: '/compliance/records', label: 'Records' },
];

// The back office's compliance (admins): the rules at /compliance, the records at
// /compliance/records, one header tab.
function ComplianceScreen() {
  const { pathname } = useLocation();
  const records = pathname.startsWith('/compliance/records');
  return (
    <section className="admin-page compliance" aria-labelledby="compliance-title">
      <header className="admin-page-header">
        <h1 id="compliance-title">Compliance</h1>
        <nav aria-label="Compliance" className="compliance-sections">
          {SECTIONS.map((s) => (
            <NavLink key={s.to} to={s.to} end className="compliance-sections__link">
              {s.label}
            </NavLink>
          ))}
        </nav>
      </header>
      {records ? <RecordsPage /> : <RulesPage />}
    </section>
  );
}

// The app routes only admins here; the check is repeated so the page is safe wherever it is used.
export function CompliancePage() {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <Spinner label="Loading..." />;
  return isAdmin ? <ComplianceScreen /> : <AccessDenied />;
}

export default CompliancePage;
