import { useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { actionFailureMessage } from '../../../lib/messages';
import { useToast } from '../../../lib/toast';
import { useUpdateUser } from '../api';
import { ROLE_CHOICES } from './roleChoices';

// An account's role as a choice an admin changes in place; the server refuses raising one's own
// role and demoting the last admin, and its message shows.
export function UserRoleSelect({ user }) {
  const toast = useToast();
  const update = useUpdateUser();
  const change = async (event) => {
    const role = event.target.value;
    try {
      await update.mutateAsync({ userId: user.id, role });
      toast.success(`${user.email} is now ${ROLE_CHOICES.find((c) => c.id === role)?.label ?? role}`);
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to change the role'), 5000);
    }
  };
  return (
    <select
      className="admin-input admin-input--sm"
      value={user.role}
      onChange={change}
      disabled={update.isPending}
      aria-label={`Role for ${user.email}`}
    >
      {ROLE_CHOICES.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

// Disable (confirmed first: the account's sessions end at once) or enable an account.
export function UserActiveButton({ user }) {
  const toast = useToast();
  const update = useUpdateUser();
  const [confirming, setConfirming] = useState(false);
  const active = user.active !== false;

  const setActive = async (next) => {
    try {
      await update.mutateAsync({ userId: user.id, active: next });
      toast.success(next ? `${user.email} can sign in again` : `${user.email} is disabled`);
    } catch (err) {
      toast.error(actionFailureMessage(err, next ? 'Failed to enable the account' : 'Failed to disable the account'), 5000);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`admin-button ${active ? 'admin-button--danger' : 'admin-button--secondary'}`}
        disabled={update.isPending}
        onClick={() => (active ? setConfirming(true) : setActive(true))}
        aria-label={`${active ? 'Disable' : 'Enable'} ${user.email}`}
      >
        {active ? 'Disable' : 'Enable'}
      </button>
      <ConfirmDialog
        open={confirming}
        title="Disable Account"
        danger
        busy={update.isPending}
        message={`Disable ${user.email}? Their sessions end at once and they cannot sign in until enabled again.`}
        confirmLabel="Disable"
        cancelLabel="Go Back"
        onConfirm={() => setActive(false)}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

// Whether the account may sign in.
export function UserActiveMark({ user }) {
  const active = user.active !== false;
  return <span className={`admin-status admin-status--${active ? 'completed' : 'cancelled'}`}>{active ? 'Active' : 'Disabled'}</span>;
}
