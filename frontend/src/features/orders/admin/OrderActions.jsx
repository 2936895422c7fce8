import { Link } from 'react-router';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { HandoverActions } from './HandoverActions';
import { hasChecks } from './handoverChecks';

// An order card's actions: Print, and the moves the server allows from the order's status
// (GET /api/shop/info `orderStatuses[].next`): Mark ready and Hand over, then Complete for an
// order whose rules ask no check at the handover (one that does is completed by Hand over).
export function OrderActions({ order, busy, onComplete, onCancel }) {
  const next = findById(useShopInfo().orderStatuses, order.status)?.next ?? [];
  const checked = hasChecks(order.checks);
  return (
    <div className="admin-card-actions">
      <Link className="admin-button admin-button--ghost" to={`/orders/print?id=${order.id}`} aria-label={`Print order ${order.id}`}>
        Print
      </Link>
      <HandoverActions order={order} busy={busy} />
      {next.includes('completed') && !checked && (
        <button
          type="button"
          className="admin-button admin-button--primary"
          disabled={busy}
          onClick={() => onComplete(order)}
          aria-label={`Complete order ${order.id}`}
        >
          Complete
        </button>
      )}
      {next.includes('cancelled') && (
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={busy}
          onClick={() => onCancel(order)}
          aria-label={`Cancel order ${order.id}`}
        >
          Cancel
        </button>
      )}
    </div>
  );
}

export default OrderActions;
