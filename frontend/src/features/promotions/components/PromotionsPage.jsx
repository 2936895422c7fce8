import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import AccessDenied from '../../../components/AccessDenied';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/categories';
import { formatPrice, formatWhen } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { promotionListQuery, useDeletePromotion, useSavePromotion } from '../api';
import { PromotionFormModal } from './PromotionFormModal';

// What the code gives, in words: "10% off", "$5.00 off", "Free delivery", with its minimum.
function offer(p) {
  const what =
    { percent: `${Number(p.value)}% off`, amount: `${formatPrice(p.value)} off`, free_delivery: 'Free delivery' }[p.kind] || p.kind;
  return Number(p.minSubtotal) > 0 ? `${what} from ${formatPrice(p.minSubtotal)}` : what;
}

function when(p) {
  if (!p.startsAt && !p.endsAt) return 'Always';
  return [p.startsAt ? `From ${formatWhen(p.startsAt)}` : '', p.endsAt ? `until ${formatWhen(p.endsAt)}` : ''].filter(Boolean).join(' ');
}

// Where it applies: the categories it is limited to, the products, and those left out.
function scope(p, nameOf) {
  const parts = [];
  if (p.categories?.length) parts.push(p.categories.map(nameOf).join(', '));
  if (p.products?.length) parts.push(`${p.products.length} product${p.products.length === 1 ? '' : 's'}`);
  if (p.excludeCategories?.length) parts.push(`not ${p.excludeCategories.map(nameOf).join(', ')}`);
  parts.push(p.includeNicotine ? 'nicotine included' : 'no nicotine');
  return parts.join('; ');
}

const uses = (p) => (p.maxUses ? `${p.uses ?? 0} of ${p.maxUses}` : String(p.uses ?? 0));

function PromotionRow({ promotion: p, onEdit, onDelete }) {
  const { categoryById } = useCategories();
  const save = useSavePromotion();
  const toast = useToast();
  const nameOf = (id) => categoryById(id)?.name ?? id;
  const toggle = () =>
    save.mutate(
      { id: p.id, body: { active: !p.active } },
      {
        onSuccess: () => toast.success(`${p.code} ${p.active ? 'paused' : 'resumed'}`),
        onError: (err) => toast.error(serverMessage(err, 'Failed to save the promotion')),
      },
    );
  return (
    <tr>
      <th scope="row">{p.code}</th>
      <td>{offer(p)}</td>
      <td>{when(p)}</td>
      <td>{scope(p, nameOf)}</td>
      <td className="num" data-testid={`uses-${p.code}`}>
        {uses(p)}
        {p.maxUsesPerCustomer ? ` (${p.maxUsesPerCustomer} a customer)` : ''}
      </td>
      <td>{p.active ? 'Active' : 'Paused'}</td>
      <td className="admin-card-actions">
        <button type="button" className="admin-button admin-button--ghost" onClick={() => onEdit(p)} aria-label={`Edit ${p.code}`}>
          Edit
        </button>
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={toggle}
          disabled={save.isPending}
          aria-label={`${p.active ? 'Pause' : 'Resume'} ${p.code}`}
        >
          {p.active ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className="admin-button admin-button--danger" onClick={() => onDelete(p)} aria-label={`Delete ${p.code}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}

function PromotionTable({ promotions, onEdit, onDelete }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="admin-visually-hidden">Promotions</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Offer</th>
            <th scope="col">When</th>
            <th scope="col">Applies to</th>
            <th scope="col">Uses so far</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {promotions.map((p) => (
            <PromotionRow key={p.id} promotion={p} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PromotionsScreen() {
  const toast = useToast();
  const { data, isPending, isError, error, refetch } = useQuery(promotionListQuery());
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState(null);
  const [deleting, setDeleting] = useState(null);
  useEffect(() => {
    if (isError) toast.error(serverMessage(error, 'Failed to load the promotions'));
  }, [isError, error, toast]);

  const confirmDelete = () =>
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.code} deleted`),
      onError: (err) => toast.error(serverMessage(err, 'Failed to delete the promotion')),
      onSettled: () => setDeleting(null),
    });

  return (
    <section className="admin-page" aria-labelledby="promotions-title">
      <header className="admin-page-header">
        <h1 id="promotions-title">Promotions</h1>
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({})}>
          New promotion
        </button>
      </header>
      {isPending && <Spinner label="Loading promotions..." />}
      {isError && (
        <EmptyState title="Failed to load the promotions" message="Please try again.">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {data && !data.length && <EmptyState title="No promotions yet" message="A code a shopper enters in the cart." />}
      {data && data.length > 0 && <PromotionTable promotions={data} onEdit={setEditing} onDelete={setDeleting} />}
      {editing && <PromotionFormModal promotion={editing.id ? editing : null} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        danger
        title={`Delete ${deleting?.code ?? ''}?`}
        message="A code never used is deleted for good. One already used on orders stays on record: pause it instead."
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

// The app routes only admins here; the check is repeated so the page is safe wherever it is used.
export function PromotionsPage() {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <Spinner label="Loading..." />;
  return isAdmin ? <PromotionsScreen /> : <AccessDenied />;
}

export default PromotionsPage;
