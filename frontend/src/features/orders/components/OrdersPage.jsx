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
      {isPending && <Spinner label="Loading orders..." />}
      {!isPending && error && orders.length === 0 && (
        <EmptyState title="Could not load your orders" message="Please try again.">
          <button type="button" className="button button--primary" onClick={() => query.refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {!isPending && !error && orders.length === 0 && (
        <EmptyState title="No orders yet" message="Orders you place will appear here.">
          <Link className="button button--primary" to="/">
            Start Shopping
          </Link>
        </EmptyState>
      )}
      {orders.length > 0 && (
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
          {!hasNextPage && orders.length > ORDERS_PAGE_SIZE && <p className="orders-page__end">No more orders</p>}
        </>
      )}
    </section>
  );
}
