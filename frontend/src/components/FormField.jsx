// A labelled admin form field, its hint under it and the server's message for it (the
// control's `aria-describedby` names `${id}-error`, as useModalForm's `input` sets it).
export function FormField({ id, label, error, hint, children }) {
  return (
    <div>
      <label className="admin-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && <p className="admin-hint">{hint}</p>}
      {error && (
        <p className="admin-field-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

// A fieldset's own message: one about the group (ticks, "applies to"), not a field in it.
export function FieldsetError({ message }) {
  return message ? (
    <p className="admin-field-error" role="alert">
      {message}
    </p>
  ) : null;
}
