import { useState } from 'react';
import Modal from '../../../components/Modal';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { formatClock, formatDay, formatWhen } from '../../../lib/format';
import { findById, useShopInfo } from '../../../lib/shopInfo';

// Everything the customer sent, plus a button for every status the server lets this ride move to
// (GET /api/shop/info `rideStatuses`: any status but the current one).
export default function RideDetailsModal({ ride, onClose, onSetStatus, onDelete, busy }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { rideStatuses } = useShopInfo();
  if (!ride) return null;
  const current = findById(rideStatuses, ride.status);
  const targets = rideStatuses.filter((status) => current?.next.includes(status.id));
  const fields = [
    ['Name', ride.name],
    ['Phone', ride.phone],
    ['Pickup address', ride.address],
    ['Drop-off address', ride.dropoff_address],
    ['Pickup date', formatDay(ride.pickup_date)],
    ['Pickup time', formatClock(ride.pickup_time)],
    ['Items', ride.item_description],
    ['Status', current?.label ?? ride.status],
    ['Requested', ride.created_at ? formatWhen(ride.created_at) : ''],
    ['Last updated', ride.updated_at ? formatWhen(ride.updated_at) : ''],
  ];
  const footer = (
    <div className="admin-modal-actions">
      {/* Deleting a request is the admins' (a staff member gets no onDelete). */}
      {onDelete ? (
        <button type="button" className="admin-button admin-button--danger" onClick={() => setConfirmingDelete(true)} disabled={busy}>
          Delete
        </button>
      ) : null}
      <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
  return (
    <>
      <Modal open onClose={onClose} title={`Ride Request #${ride.id}`} size="md" footer={footer}>
        <dl className="admin-details admin-details--wide">
          {fields.map(([label, value]) => (
            <div key={label} className="admin-details-row">
              <dt>{label}</dt>
              <dd>{value || '-'}</dd>
            </div>
          ))}
        </dl>
        <div className="admin-status-actions" role="group" aria-label="Change status">
          <p className="admin-label">Change status</p>
          {targets.map((status) => (
            <button
              key={status.id}
              type="button"
              className={`admin-button admin-status-button admin-status--${status.id}`}
              onClick={() => onSetStatus(ride, status.id)}
              disabled={busy}
            >{`Mark ${status.label}`}</button>
          ))}
        </div>
      </Modal>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Ride Request"
        danger
        busy={busy}
        message={`Delete the ride request from ${ride.name}? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          await onDelete(ride);
          setConfirmingDelete(false);
        }}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}
