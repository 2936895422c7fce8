import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatDayAndClock, formatPrice, formatWhen, sku } from '../../../lib/format';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice } from '../components/OrderCard';
import { orderLines, orderSubtotal } from '../orderShape';
import { MAX_PRINT_ORDERS, orderPrintQuery, parseIds } from './api';
import { cleanFilters, filtersToSearch } from './orderFilters';
import './print.css';

function Row({ label, value }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

// One order as a pick list and receipt: a printed page of its own (print.css).
export function PrintedOrder({ order }) {
  const shop = useShopInfo();
  const headingId = `print-order-${order.id}`;
  const lines = orderLines(order);
  const fee = Number(order.deliveryFee) || 0;
  const appointment = formatDayAndClock(order.deliveryDate, order.deliveryTime);
  return (
    <article className="print-order" aria-labelledby={headingId}>
      <header className="print-order__head">
        <div>
          <p className="print-order__shop">{shop.name}</p>
          <h2 id={headingId}>Order #{order.id}</h2>
          <p>Placed {formatWhen(order.createdAt)}</p>
        </div>
        <p className="print-order__status">{labelOf(shop.orderStatuses, order.status)}</p>
      </header>
      <IdNotice order={order} className="print-order__id" />
      <dl className="print-order__details">
        <Row label="Customer" value={order.customerName} />
        <Row label="Email" value={order.userEmail} />
        <Row label="Phone" value={order.phoneNumber} />
        <Row label="Delivery" value={labelOf(shop.deliveryOptions, order.deliveryOption)} />
        <Row label="Address" value={order.deliveryAddress} />
        <Row label="Delivery time" value={appointment} />
        <Row label="Instructions" value={order.specialInstructions} />
      </dl>
      <table className="print-order__items">
        <caption className="visually-hidden">Items of order {order.id}</caption>
        <thead>
          <tr>
            <th scope="col" className="print-order__check">
              Picked
            </th>
            <th scope="col">Item</th>
            <th scope="col">Type</th>
            <th scope="col">SKU</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <td className="print-order__check">
                <span className="print-order__box" aria-hidden="true" />
              </td>
              <td className="print-order__item">{line.name}</td>
              <td className="print-order__type">{line.typeName || '—'}</td>
              <td className="print-order__sku">{line.productId != null ? sku(line.productId) : '—'}</td>
              <td className="num print-order__qty">{line.quantity}</td>
              <td className="num print-order__price">{formatPrice(line.price)}</td>
              <td className="num print-order__subtotal">{formatPrice(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={6}>
              Subtotal
            </th>
            <td className="num">{formatPrice(orderSubtotal(order))}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={6}>
              Delivery fee
            </th>
            <td className="num">{formatPrice(fee)}</td>
          </tr>
          <tr className="print-order__total">
            <th scope="row" colSpan={6}>
              Total
            </th>
            <td className="num">{formatPrice(order.total)}</td>
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

// /orders/print?id=12[,13] prints those orders; /orders/print?<the list's filters> prints every
// order the filtered list shows. No app header here: the page is what goes on paper.
export default function PrintOrdersPage() {
  const [params] = useSearchParams();
  const ids = parseIds(params.get('id'));
  const filters = cleanFilters(params);
  const shop = useShopInfo();
  const { data, isPending, isError, error, refetch } = useQuery(orderPrintQuery({ filters, ids }));
  const orders = data?.orders ?? [];
  const back = ids.length ? '/orders' : `/orders${filtersToSearch(filters)}`;
  const title = orders.length === 1 ? `Pick list: order #${orders[0].id}` : `Pick lists: ${orders.length} orders`;

  useEffect(() => {
    if (orders.length) document.title = `${title} - ${shop.name}`;
  }, [orders.length, title, shop.name]);

  return (
    <main className="print-page" id="main">
      <div className="print-toolbar">
        <Link to={back} className="admin-button admin-button--ghost">
          Back to orders
        </Link>
        <button type="button" className="admin-button admin-button--primary" disabled={!orders.length} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {isPending && <Spinner label="Loading orders..." />}
      {isError && (
        <EmptyState title="Failed to load orders" message={serverMessage(error, 'Please try again.')}>
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {data && !orders.length && (
        <EmptyState title="No orders to print" message="The order was not found, or no order matches these filters." />
      )}
      {data && orders.length > 0 && (
        <>
          <h1 className="print-page__title">{title}</h1>
          {data.truncated && (
            <p className="print-toolbar admin-muted" role="status">
              Only the first {MAX_PRINT_ORDERS} orders are shown: narrow the filters to print the rest.
            </p>
          )}
          {orders.map((order) => (
            <PrintedOrder key={order.id} order={order} />
          ))}
        </>
      )}
    </main>
  );
}
