import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import ConfirmDialog from '../../../components/ConfirmDialog';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useInfiniteScroll } from '../../../lib/hooks';
import { nextPageParam, pagesToItems } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../shared/messages';
import { ADMIN_ORDERS_KEY, ORDERS_PAGE_SIZE, cancelOrder, completeOrder, fetchOrdersPage } from './api';
import AdminOrderCard from './AdminOrderCard';

const ACTIONS = {
  complete: {
    title: 'Complete Order',
    message: (order) => `Mark order #${order.id} as completed? Inventory will be updated.`,
    confirmLabel: 'Complete',
    run: completeOrder,
    failure: 'Failed to complete order',
    success: 'Order completed. Inventory updated.',
    danger: false,
  },
  cancel: {
    title: 'Cancel Order',
    message: (order) => `Cancel order #${order.id}? Its items go back to stock.`,
    confirmLabel: 'Cancel Order',
    run: cancelOrder,
    failure: 'Failed to cancel order',
    success: 'Order cancelled',
    danger: true,
  },
};

export default function AdminOrdersPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [pendingAction, setPendingAction] = useState(null); // {kind, order}
  const [busy, setBusy] = useState(false);

  const query = useInfiniteQuery({
    queryKey: ADMIN_ORDERS_KEY,
    queryFn: ({ pageParam }) => fetchOrdersPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) => nextPageParam(lastPage, 'orders', ORDERS_PAGE_SIZE, lastPageParam),
  });
  const { data, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, isPending, isError, error, refetch } = query;
  useInfiniteScroll({ hasNextPage, isFetching, fetchNextPage });

  const orders = pagesToItems(data?.pages, 'orders');
  const total = data?.pages?.[0]?.pagination?.totalItems ?? orders.length;

  const confirm = async () => {
    const { kind, order } = pendingAction;
    const action = ACTIONS[kind];
    setBusy(true);
    try {
      const answer = await action.run(order.id);
      toast.success(answer?.message || action.success);
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    } catch (err) {
      toast.error(actionFailureMessage(err, action.failure));
      queryClient.invalidateQueries({ queryKey: ['orders'] });
    } finally {
      setBusy(false);
      setPendingAction(null);
    }
  };

  const action = pendingAction && ACTIONS[pendingAction.kind];
  return (
    <section className="admin-page" aria-labelledby="admin-orders-title">
      <header className="admin-page-header">
        <h1 id="admin-orders-title">All Orders</h1>
        {!isPending && !isError && <p className="admin-muted" aria-live="polite">{total} {total === 1 ? 'order' : 'orders'} in total</p>}
      </header>
      {isPending && <Spinner label="Loading orders..." />}
      {isError && (
        <EmptyState title="Failed to load orders" message={serverMessage(error, 'Please try again.')}>
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>Try again</button>
        </EmptyState>
      )}
      {!isPending && !isError && orders.length === 0 && <EmptyState title="No orders yet" message="Orders placed by customers appear here." />}
      <div className="admin-list">
        {orders.map((order) => (
          <AdminOrderCard key={order.id} order={order} busy={busy}
            onComplete={(o) => setPendingAction({ kind: 'complete', order: o })}
            onCancel={(o) => setPendingAction({ kind: 'cancel', order: o })} />
        ))}
      </div>
      {isFetchingNextPage && <Spinner label="Loading more orders..." />}
      {!hasNextPage && orders.length > 0 && !isPending && <p className="admin-muted admin-list-end">No more orders</p>}
      <ConfirmDialog open={Boolean(pendingAction)} title={action?.title || ''}
        message={pendingAction ? action.message(pendingAction.order) : ''} confirmLabel={action?.confirmLabel}
        cancelLabel="Go Back" danger={action?.danger} busy={busy} onConfirm={confirm}
        onCancel={() => !busy && setPendingAction(null)} />
    </section>
  );
}
