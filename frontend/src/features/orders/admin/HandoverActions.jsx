import { useState } from 'react';
import { formatWhen } from '../../../lib/format';
import { findById, useShopInfo } from '../../../lib/shopInfo';
import { actionFailureMessage } from '../../../lib/messages';
import { useToast } from '../../../lib/toast';
import { useMarkReady } from './api';
import { HandoverDialog } from './HandoverDialog';
import { isPickup } from './handovers';
import './handover.css';

// When a pickup was made ready, and who handed the order over when.
export function HandoverFacts({ order }) {
  return (
    <>
      {order.readyAt ? <p className="order-ready">Ready since {formatWhen(order.readyAt)}</p> : null}
      {order.handedOverAt ? (
        <p className="order-handed">
          Handed over {formatWhen(order.handedOverAt)}
          {order.handedOverBy ? ` by ${order.handedOverBy}` : ''}
        </p>
      ) : null}
    </>
  );
}

// `Mark ready` on a pending pickup not yet ready (the customer is emailed), and `Hand over` on
// a pending order: the form asks what the order's checks require.
export function HandoverActions({ order, busy }) {
  const toast = useToast();
  const { deliveryOptions, orderStatuses } = useShopInfo();
  const markReady = useMarkReady();
  const [handingOver, setHandingOver] = useState(false);
  const open = (findById(orderStatuses, order.status)?.next ?? []).includes('completed');
  if (!open) return null;
  const pickup = isPickup(findById(deliveryOptions, order.deliveryOption));

  const ready = async () => {
    try {
      const answer = await markReady.mutateAsync(order.id);
      toast.success(answer?.message || `Order #${order.id} is ready: the customer has been emailed`);
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to mark the order ready'));
    }
  };

  return (
    <>
      {pickup && !order.readyAt ? (
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy || markReady.isPending}
          onClick={ready}
          aria-label={`Mark order ${order.id} ready`}
        >
          Mark ready
        </button>
      ) : null}
      <button
        type="button"
        className="admin-button admin-button--primary"
        disabled={busy}
        onClick={() => setHandingOver(true)}
        aria-label={`Hand over order ${order.id}`}
      >
        Hand over
      </button>
      <HandoverDialog order={handingOver ? order : null} onClose={() => setHandingOver(false)} />
    </>
  );
}
