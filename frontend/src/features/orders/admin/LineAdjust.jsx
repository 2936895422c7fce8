import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { serverMessage } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useAdjustOrderLine } from './api';

const CONSEQUENCES = 'The units go back to stock, the totals and taxes are worked out again, and the customer is emailed the new total.';
const REASON_MOST = 150;

// Why, for the stock ledger, the history and the customer's email.
function ReasonField({ id, value, onChange }) {
  return (
    <>
      <label className="admin-label" htmlFor={id}>
        Reason (optional)
      </label>
      <input
        id={id}
        className="admin-input"
        maxLength={REASON_MOST}
        placeholder="The last unit was damaged"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

// Lower a pending order's line or take it off, each after a confirm. The server refuses what it
// does not allow (the order's last line: cancel the order instead) in its own words.
export function LineAdjust({ order, line }) {
  const [mode, setMode] = useState(null);
  const [quantity, setQuantity] = useState(Math.max(1, line.quantity - 1));
  const [reason, setReason] = useState('');
  const adjust = useAdjustOrderLine();
  const toast = useToast();
  const label = line.typeName ? `${line.name} - ${line.typeName}` : line.name;
  if (order.status !== 'pending' || line.itemId === null) return null;

  function confirm() {
    const change = {
      orderId: order.id,
      itemId: line.itemId,
      reason: reason.trim(),
      ...(mode === 'lower' ? { quantity: Number(quantity) } : {}),
    };
    adjust.mutate(change, {
      // The answer is {message, order}: the order as it now is.
      onSuccess: (answer) => toast.success(`Order #${order.id} updated: new total ${formatPrice((answer?.order ?? answer)?.total)}`),
      onError: (err) => toast.error(serverMessage(err, 'Failed to adjust the order')),
      onSettled: () => setMode(null),
    });
  }

  const choices = Array.from({ length: Math.max(0, line.quantity - 1) }, (_, i) => i + 1);
  return (
    <span className="admin-line-adjust">
      {choices.length > 0 && (
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => {
            setQuantity(choices[choices.length - 1]);
            setMode('lower');
          }}
          aria-label={`Lower quantity of ${label}`}
        >
          Lower
        </button>
      )}
      <button type="button" className="admin-button admin-button--ghost" onClick={() => setMode('remove')} aria-label={`Remove ${label}`}>
        Remove
      </button>
      <ConfirmDialog
        open={mode === 'lower'}
        title={`Lower ${label}`}
        confirmLabel="Lower quantity"
        busy={adjust.isPending}
        onCancel={() => setMode(null)}
        onConfirm={confirm}
        message={
          <>
            <label className="admin-label" htmlFor={`adjust-${order.id}-${line.itemId}`}>
              New quantity (now {line.quantity})
            </label>
            <select
              id={`adjust-${order.id}-${line.itemId}`}
              className="admin-input"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            >
              {choices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <ReasonField id={`adjust-${order.id}-${line.itemId}-reason`} value={reason} onChange={setReason} />
            <p>{CONSEQUENCES}</p>
          </>
        }
      />
      <ConfirmDialog
        open={mode === 'remove'}
        danger
        title={`Remove ${label} from order #${order.id}?`}
        confirmLabel="Remove line"
        busy={adjust.isPending}
        onCancel={() => setMode(null)}
        onConfirm={confirm}
        message={
          <>
            <ReasonField id={`remove-${order.id}-${line.itemId}-reason`} value={reason} onChange={setReason} />
            <p>{CONSEQUENCES}</p>
          </>
        }
      />
    </span>
  );
}

export default LineAdjust;
