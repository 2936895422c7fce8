import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import Drawer from '../../../components/Drawer';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { usePagedList } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../../../lib/messages';
import { useOrderAction } from '../api';
import AdminOrderCard from './AdminOrderCard';
import { adminOrderListQuery, countsOf } from './api';
import { BulkActions } from './BulkActions';
import { OrderFilterBar } from './OrderFilterBar';
import { cleanFilters, filtersToSearch, isDueToday, withFilters } from './orderFilters';
import { OrdersTable } from './OrdersTable';
import { TodayView } from './TodayView';
import './orderAdmin.css';

const ACTIONS = {
  complete: {
    title: 'Complete Order',
    message: (order) => `Mark order #${order.id} as completed? Inventory will be updated. An email goes out to the customer.`,
    confirmLabel: 'Complete',
    failure: 'Failed to complete order',
    success: 'Order completed. Inventory updated.',
    danger: false,
  },
  cancel: {
    title: 'Cancel Order',
    message: (order) => `Cancel order #${order.id}? Its items go back to stock. An email goes out to the customer.`,
    confirmLabel: 'Cancel Order',
    failure: 'Failed to cancel order',
    success: 'Order cancelled',
    danger: true,
  },
};

// "All Orders" and "Today" are one list under two presets: Today is `?due=today`.
function ViewTabs({ filters }) {
  const today = isDueToday(filters);
  const { due: _due, ...rest } = filters;
  return (
    <nav className="order-views" aria-label="Order views">
      <Link
        to={`/orders${filtersToSearch(rest)}`}
        className={`order-views__tab${today ? '' : ' is-active'}`}
        aria-current={today ? undefined : 'page'}
      >
        All Orders
      </Link>
      <Link to="/orders?due=today" className={`order-views__tab${today ? ' is-active' : ''}`} aria-current={today ? 'page' : undefined}>
        Today
      </Link>
    </nav>
  );
}

function emptyText(filters) {
  if (isDueToday(filters) && Object.keys(filters).length === 1) {
    return { title: 'Nothing to hand over today', message: 'Pickups placed today and deliveries booked for today appear here.' };
  }
  if (Object.keys(filters).length) return { title: 'No orders match these filters', message: 'Change or clear the filters to see more.' };
  return { title: 'No orders yet', message: 'Orders placed by customers appear here.' };
}

// Complete or cancel, each confirmed first: `ask(kind, order)` opens the dialog, which then runs it.
function useConfirmedAction() {
  const toast = useToast();
  const [pendingAction, setPendingAction] = useState(null); // {kind, order}
  const orderAction = useOrderAction();
  const busy = orderAction.isPending;

  const confirm = async () => {
    const { kind, order } = pendingAction;
    const action = ACTIONS[kind];
    try {
      const answer = await orderAction.mutateAsync({ kind, orderId: order.id });
      toast.success(answer?.message || action.success);
    } catch (err) {
      toast.error(actionFailureMessage(err, action.failure));
    } finally {
      setPendingAction(null);
    }
  };

  const cardProps = {
    busy,
    onComplete: (o) => setPendingAction({ kind: 'complete', order: o }),
    onCancel: (o) => setPendingAction({ kind: 'cancel', order: o }),
  };
  const dialog = (
    <ActionDialog pendingAction={pendingAction} busy={busy} onConfirm={confirm} onCancel={() => !busy && setPendingAction(null)} />
  );
  return { cardProps, dialog };
}

function ActionDialog({ pendingAction, busy, onConfirm, onCancel }) {
  const action = pendingAction && ACTIONS[pendingAction.kind];
  return (
    <ConfirmDialog
      open={Boolean(pendingAction)}
      title={action?.title || ''}
      message={pendingAction ? action.message(pendingAction.order) : ''}
      confirmLabel={action?.confirmLabel}
      cancelLabel="Go Back"
      danger={action?.danger}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

// How many orders the list holds and the print link, once it has loaded.
function ListSummary({ total, filters, hasOrders, today }) {
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <p className="admin-muted" aria-live="polite">
        {total} {total === 1 ? 'order' : 'orders'} {filtered ? 'found' : 'in total'}
      </p>
      {hasOrders && (
        <Link className="admin-button admin-button--secondary" to={`/orders/print${filtersToSearch(filters)}`}>
          {today ? 'Print pick lists' : 'Print list'}
        </Link>
      )}
    </>
  );
}

// Loading, the load's failure (with a retry) or an empty list; nothing once orders show.
function ListState({ list, empty, filters, today, onClear }) {
  if (list.isPending) return <Spinner label="Loading orders..." />;
  if (list.isError) {
    return (
      <EmptyState title="Failed to load orders" message={serverMessage(list.error, 'Please try again.')}>
        <button type="button" className="admin-button admin-button--secondary" onClick={() => list.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  }
  if (!empty) return null;
  const text = emptyText(filters);
  return (
    <EmptyState title={text.title} message={text.message}>
      {Object.keys(filters).length > 0 && !today ? (
        <button type="button" className="admin-button admin-button--secondary" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </EmptyState>
  );
}

// The rows picked for a bulk action: ids, kept only while they are on the list under the
// filters they were picked under (new filters start a new selection).
function useSelection(orders, filterKey) {
  const [picked, setPicked] = useState({ key: filterKey, ids: new Set() });
  const selected = useMemo(() => {
    if (picked.key !== filterKey) return new Set();
    return new Set(orders.filter((order) => picked.ids.has(order.id)).map((order) => order.id));
  }, [picked, filterKey, orders]);
  const set = (ids) => setPicked({ key: filterKey, ids });
  return {
    selected,
    toggle: (id) => {
      const ids = new Set(selected);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      set(ids);
    },
    selectAll: (all) => set(all ? new Set(orders.map((order) => order.id)) : new Set()),
    clear: () => set(new Set()),
  };
}

// The order a row opened, with its details and its own actions; it follows the list's refreshes.
function OrderDrawer({ order, onClose, cardProps }) {
  return (
    <Drawer open={Boolean(order)} onClose={onClose} title={order ? `Order #${order.id}` : ''}>
      {order ? <AdminOrderCard order={order} {...cardProps} /> : null}
    </Drawer>
  );
}

// Today's handovers in their two groups, or the table of every order with its bulk bar.
function Orders({ today, loaded, orders, cardProps, filterKey }) {
  const selection = useSelection(orders, filterKey);
  const [openId, setOpenId] = useState(null);
  if (today) return loaded && orders.length > 0 ? <TodayView orders={orders} {...cardProps} /> : null;
  if (!orders.length) return null;
  const opened = orders.find((order) => order.id === openId) ?? null;
  return (
    <>
      <BulkActions orders={orders.filter((order) => selection.selected.has(order.id))} onDone={selection.clear} onClear={selection.clear} />
      <OrdersTable
        orders={orders}
        selected={selection.selected}
        onToggle={selection.toggle}
        onSelectAll={selection.selectAll}
        onOpen={(order) => setOpenId(order.id)}
      />
      <OrderDrawer order={opened} onClose={() => setOpenId(null)} cardProps={cardProps} />
    </>
  );
}

export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = cleanFilters(params);
  const today = isDueToday(filters);
  const { cardProps, dialog } = useConfirmedAction();

  const list = usePagedList(adminOrderListQuery(filters));
  const { items: orders, total, hasNextPage, isFetchingNextPage, isPending, isError } = list;
  const counts = countsOf(list.data);

  const change = (changes) => setParams(withFilters(params, changes));
  const clear = () => setParams(withFilters(params, Object.fromEntries(Object.keys(filters).map((key) => [key, '']))));

  const loaded = !isPending && !isError;
  return (
    <section className="admin-page" aria-labelledby="admin-orders-title">
      <ViewTabs filters={filters} />
      <header className="admin-page-header">
        <h1 id="admin-orders-title">{today ? 'Today' : 'All Orders'}</h1>
        <div className="order-page-actions">
          {loaded && <ListSummary total={total} filters={filters} hasOrders={orders.length > 0} today={today} />}
        </div>
      </header>
      <OrderFilterBar filters={filters} counts={counts} onChange={change} onClear={clear} />
      <ListState list={list} empty={orders.length === 0} filters={filters} today={today} onClear={clear} />
      <Orders today={today} loaded={loaded} orders={orders} cardProps={cardProps} filterKey={filtersToSearch(filters)} />
      {isFetchingNextPage && <Spinner label="Loading more orders..." />}
      {!hasNextPage && orders.length > 0 && !isPending && <p className="admin-muted admin-list-end">No more orders</p>}
      {dialog}
    </section>
  );
}
