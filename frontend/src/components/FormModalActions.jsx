// The footer of every admin form modal: Cancel, and the submit button of the form `formId`
// (outside the form, in the modal's footer), both held while the save is on its way; the
// submit also while the form says what it lacks (`disabled`).
export function FormModalActions({ formId, saving, onCancel, label, disabled = false }) {
  return (
    <div className="admin-modal-actions">
      <button type="button" className="admin-button admin-button--secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" form={formId} className="admin-button admin-button--primary" disabled={saving || disabled}>
        {saving ? 'Saving...' : label}
      </button>
    </div>
  );
}
