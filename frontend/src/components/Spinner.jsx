export function Spinner({ label = 'Loading...', inline = false }) {
  return (
    <div className={`spinner${inline ? ' spinner--inline' : ''}`} role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}

export default Spinner;
