import { useLocation, useNavigate } from 'react-router';

// What the last page did, said on the page it led to (a closed account on the sign-in page, a
// new password on the home page), until dismissed: a toast would be gone in seconds. A page
// passes it as `navigate(to, { state: { notice } })`.
export function PageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = location.state?.notice;
  if (!notice) return null;
  const dismiss = () => navigate(`${location.pathname}${location.search}`, { replace: true, state: {} });
  return (
    <div className="page-notice" role="status">
      <p>{notice}</p>
      <button type="button" className="button button--ghost button--sm" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

export default PageNotice;
