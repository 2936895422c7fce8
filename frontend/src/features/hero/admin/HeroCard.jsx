// One hero image in the management list: a fixed-size preview (dimmed with an 'Inactive'
// overlay when hidden from the homepage) and its actions.
export default function HeroCard({ hero, position, isFirst, isLast, busy, onEdit, onToggle, onDelete, onMove }) {
  const name = hero.title || `Image ${position}`;
  return (
    <li className={`admin-card admin-hero-card${hero.is_active ? '' : ' admin-hero-card--inactive'}`}>
      <div className="admin-hero-thumb">
        <img
          src={hero.image_url}
          alt={hero.alt_text || hero.title || ''}
          loading="lazy"
          // Cropped around the focal point, as the carousel crops it.
          style={{ objectPosition: hero.object_position }}
          onError={() => console.warn(`Hero image failed to load: ${hero.image_url}`)}
        />
        {!hero.is_active && <span className="admin-hero-overlay">Inactive</span>}
      </div>
      <div className="admin-hero-body">
        <p className="admin-muted">Position {position}</p>
        <h2 className="admin-card-title">{hero.title || 'Untitled'}</h2>
        {hero.description && <p className="admin-hero-description">{hero.description}</p>}
      </div>
      <div className="admin-card-actions">
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => onMove(-1)}
          disabled={busy || isFirst}
          aria-label={`Move ${name} up`}
        >
          ↑
        </button>
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => onMove(1)}
          disabled={busy || isLast}
          aria-label={`Move ${name} down`}
        >
          ↓
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={onToggle}
          disabled={busy}
          aria-pressed={hero.is_active}
          aria-label={`${hero.is_active ? 'Deactivate' : 'Activate'} ${name}`}
        >
          {hero.is_active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onEdit} disabled={busy} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
