import { useState } from 'react';
import { Link } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../../../lib/messages';
import { useBulkOrderAction } from './api';

const BULK = {
  complete: { verb: 'Complete', target: 'completed', title: 'Complete Orders', danger: false, failure: 'Failed to complete orders' },
  cancel: { verb: 'Cancel', target: 'cancelled', title: 'Cancel Orders', danger: true, failure: 'Failed to cancel orders' },
};

const plural = (n, word) => `${n} ${n === 1 ? word : `${word}s`}`;

// What the dialog says: how many, which, the email to each customer, and (from the served
// `orderStatuses[].next`) how many of them the server will refuse because they moved on.
function bulkMessage(kind, orders, orderStatuses) {
  const { verb, target } = BULK[kind];
  const stuck = orders.filter((order) => !(findById(orderStatuses, order.status)?.next ?? []).includes(target)).length;
  const moving = orders.length - stuck;
  return (
    <>
      <p>
        {verb} {plural(orders.length, 'order')} ({orders.map((order) => `#${order.id}`).join(', ')})?
        {kind === 'cancel' ? ' Their items go back to stock.' : ' Inventory will be updated.'}
      </p>
      <p>An email goes out to each customer{moving < orders.length ? ` of the ${plural(moving, 'order')} that can be ${target}` : ''}.</p>
      {stuck > 0 && (
        <p>
          {plural(stuck, 'order')} can no longer be {target} and will be left as {stuck === 1 ? 'it is' : 'they are'}.
        </p>
      )}
    </>
  );
}

// The server's answer in one toast: all done, or what was refused and why.
function report(toast, answer) {
  const refused = (answer?.results ?? []).filter((result) => result.result === 'refused');
  if (!refused.length) {
    toast.success(answer?.message || 'Done');
    return;
  }
  const reasons = refused.map((result) => `#${result.id}: ${result.message}`).join(' ');
  toast.error(`${answer.message} ${reasons}`);
}

// The bar over the table while rows are selected: how many, Complete, Cancel, Print, Clear.
export function BulkActions({ orders, onDone, onClear }) {
  const toast = useToast();
  const { orderStatuses } = useShopInfo();
  const [kind, setKind] = useState(null);
  const bulk = useBulkOrderAction();
  const busy = bulk.isPending;
  if (!orders.length) return null;

  const confirm = async () => {
    try {
      report(toast, await bulk.mutateAsync({ action: kind, ids: orders.map((order) => order.id) }));
      onDone();
    } catch (err) {
      toast.error(actionFailureMessage(err, BULK[kind].failure));
    } finally {
      setKind(null);
    }
  };

  return (
    <div className="orders-bulk" role="region" aria-label="Selected orders">
      <p className="orders-bulk__count" aria-live="polite">
        {plural(orders.length, 'order')} selected
      </p>
      <div className="orders-bulk__actions">
        <button type="button" className="admin-button admin-button--primary" disabled={busy} onClick={() => setKind('complete')}>
          Complete
        </button>
        <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => setKind('cancel')}>
          Cancel
        </button>
        <Link className="admin-button admin-button--secondary" to={`/orders/print?id=${orders.map((order) => order.id).join(',')}`}>
          Print
        </Link>
        <button type="button" className="admin-button admin-button--ghost" disabled={busy} onClick={onClear}>
          Clear selection
        </button>
      </div>
      <ConfirmDialog
        open={Boolean(kind)}
        title={kind ? BULK[kind].title : ''}
        message={kind ? bulkMessage(kind, orders, orderStatuses) : ''}
        confirmLabel={kind ? `${BULK[kind].verb} ${plural(orders.length, 'order')}` : ''}
        cancelLabel="Go Back"
        danger={kind ? BULK[kind].danger : false}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => !busy && setKind(null)}
      />
    </div>
  );
}

export default BulkActions;
