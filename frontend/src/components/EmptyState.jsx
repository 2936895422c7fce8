export function EmptyState({ title, message, icon = null, children }) {
  return (
    <section className="empty-state">
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {title ? <h2 className="empty-state__title">{title}</h2> : null}
      {message ? <p className="empty-state__message">{message}</p> : null}
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </section>
  );
}

export default EmptyState;
