import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useToast } from '../../../lib/toast';
import { ruleListQuery, useDeleteRule } from '../api';
import { KillSwitches } from './KillSwitches';
import { RuleFormModal } from './RuleFormModal';
import { RulesTable } from './RulesTable';

// The rules the shop sells under (admins): the kill switches, the list, a form to add or edit
// one, and delete after a confirmation. Every change is in the activity history.
export function RulesPage() {
  const toast = useToast();
  const { data, isPending, isError, error, refetch } = useQuery(ruleListQuery());
  const remove = useDeleteRule();
  const [editing, setEditing] = useState(null);
  const [deleting, setDeleting] = useState(null);
  useEffect(() => {
    if (isError) toast.error(serverMessage(error, 'Failed to load the rules'));
  }, [isError, error, toast]);

  const confirmDelete = () =>
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (err) => toast.error(serverMessage(err, 'Failed to delete the rule')),
      onSettled: () => setDeleting(null),
    });

  return (
    <>
      <div className="compliance-toolbar">
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({})}>
          New rule
        </button>
      </div>
      {isPending && <Spinner label="Loading the rules..." />}
      {isError && (
        <EmptyState title="Failed to load the rules" message="Please try again.">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {data && <KillSwitches rules={data} />}
      {data && !data.length && <EmptyState title="No rules yet" message="Every product can be sold everywhere." />}
      {data && data.length > 0 && <RulesTable rules={data} onEdit={setEditing} onDelete={setDeleting} />}
      {editing && <RuleFormModal rule={editing.id ? editing : null} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        danger
        title={`Delete ${deleting?.name ?? ''}?`}
        message="Orders already placed keep the rule as it was. To stop it for a while, switch it off instead."
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}

export default RulesPage;
