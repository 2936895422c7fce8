import { useState } from 'react';
import Modal from '../../../components/Modal';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { formatDateTimeLA } from '../../../lib/format';
import { RIDE_STATUSES, statusLabel } from './api';

// Everything the customer sent, plus buttons for every status other than the current one
// (spec section 4: no ordering between statuses).
export default function RideDetailsModal({ ride, onClose, onSetStatus, onDelete, busy }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  if (!ride) return null;
  const fields = [
    ['Name', ride.name],
    ['Phone', ride.phone],
    ['Pickup address', ride.address],
    ['Drop-off address', ride.dropoff_address],
    ['Pickup date', ride.pickup_date],
    ['Pickup time', ride.pickup_time],
    ['Items', ride.item_description],
    ['Status', statusLabel(ride.status)],
    ['Requested', ride.created_at ? formatDateTimeLA(ride.created_at) : ''],
    ['Last updated', ride.updated_at ? formatDateTimeLA(ride.updated_at) : ''],
  ];
  const footer = (
    <div className="admin-modal-actions">
      <button type="button" className="admin-button admin-button--danger" onClick={() => setConfirmingDelete(true)} disabled={busy}>Delete</button>
      <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>Close</button>
    </div>
  );
  return (
    <>
      <Modal open onClose={onClose} title={`Ride Request #${ride.id}`} size="md" footer={footer}>
        <dl className="admin-details admin-details--wide">
          {fields.map(([label, value]) => (
            <div key={label} className="admin-details-row"><dt>{label}</dt><dd>{value || '-'}</dd></div>
          ))}
        </dl>
        <div className="admin-status-actions" role="group" aria-label="Change status">
          <p className="admin-label">Change status</p>
          {RIDE_STATUSES.filter((status) => status.id !== ride.status).map((status) => (
            <button key={status.id} type="button" className={`admin-button admin-status-button admin-status--${status.id}`}
              onClick={() => onSetStatus(ride, status.id)} disabled={busy}>{`Mark ${status.label}`}</button>
          ))}
        </div>
      </Modal>
      <ConfirmDialog open={confirmingDelete} title="Delete Ride Request" danger busy={busy}
        message={`Delete the ride request from ${ride.name}? This cannot be undone.`} confirmLabel="Delete"
        onConfirm={async () => { await onDelete(ride); setConfirmingDelete(false); }}
        onCancel={() => setConfirmingDelete(false)} />
    </>
  );
}
