export function AccessDenied() {
  return (
    <section className="empty-state access-denied">
      <h1 className="empty-state__title">Access Denied</h1>
      <p className="empty-state__message">You need admin privileges to access this page</p>
    </section>
  );
}

export default AccessDenied;
