import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { usePagedList } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { ORDERS_PAGE_SIZE, orderListQuery } from '../api';
import { OrderCard } from './OrderCard';
import '../orders.css';

export function OrdersPage() {
  const toast = useToast();
  const query = usePagedList(orderListQuery());
  const { items: orders, total, error, hasNextPage, isFetchingNextPage, isPending } = query;

  useEffect(() => {
    if (error) toast.error(error.isNetwork ? 'Error loading orders' : serverMessage(error, 'Failed to fetch orders'));
  }, [error, toast]);

  return (
    <section className="orders-page">
      <h1 className="orders-page__title">My Orders</h1>
      {isPending ? (
        <Spinner label="Loading orders..." />
      ) : (
        <NoOrders error={error} empty={orders.length === 0} onRetry={() => query.refetch()} />
      )}
      {orders.length > 0 && (
        <OrderList
          orders={orders}
          total={total}
          isFetchingNextPage={isFetchingNextPage}
          showEnd={!hasNextPage && orders.length > ORDERS_PAGE_SIZE}
        />
      )}
    </section>
  );
}

// What an empty list says: the load failed (with a retry), or there is nothing yet.
function NoOrders({ error, empty, onRetry }) {
  if (!empty) return null;
  if (error) {
    return (
      <EmptyState title="Could not load your orders" message="Please try again.">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No orders yet" message="Orders you place will appear here.">
      <Link className="button button--primary" to="/">
        Start Shopping
      </Link>
    </EmptyState>
  );
}

function OrderList({ orders, total, isFetchingNextPage, showEnd }) {
  return (
    <>
      <p className="orders-page__count" aria-live="polite">
        Showing {orders.length} of {total} {total === 1 ? 'order' : 'orders'}
      </p>
      <div className="orders-list">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </div>
      {isFetchingNextPage && <Spinner label="Loading more orders..." />}
      {showEnd && <p className="orders-page__end">No more orders</p>}
    </>
  );
}
