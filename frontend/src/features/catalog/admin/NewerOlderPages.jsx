// Newer / Older buttons under a back-office list read newest first, a page at a time.
export function NewerOlderPages({ pagination, page, setPage, className }) {
  return (
    <div className={className}>
      <button type="button" className="admin-button admin-button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Newer
      </button>
      <span className="admin-muted">
        Page {pagination.page} of {pagination.totalPages}
      </span>
      <button
        type="button"
        className="admin-button admin-button--secondary"
        disabled={!pagination.hasNextPage}
        onClick={() => setPage(page + 1)}
      >
        Older
      </button>
    </div>
  );
}
