import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatDayAndClock, formatPrice, formatWhen, sku } from '../../../lib/format';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { IdNotice } from '../components/OrderCard';
import { feeLabel, orderFigures, orderLines } from '../orderShape';
import { MAX_PRINT_ORDERS, orderPrintQuery, parseIds } from './api';
import { handoverMessages } from './handoverChecks';
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

// The receipt's lines, as the order answered them: the subtotal, the delivery fee and the total
// always (a paper receipt shows a $0.00 fee), the discount and the excise when charged, the sales
// tax when the order carries one.
function moneyRows(figures, fee, exciseLabel) {
  const rows = [
    { key: 'subtotal', term: 'Subtotal', value: figures.subtotal, show: true },
    { key: 'discount', term: figures.promoCode ? `Discount (${figures.promoCode})` : 'Discount', value: figures.discount, minus: true },
    { key: 'deliveryFee', term: fee, value: figures.deliveryFee, show: true },
    { key: 'exciseTax', term: figures.exciseTaxLabel || exciseLabel || 'Excise tax', value: figures.exciseTax },
    { key: 'salesTax', term: 'Sales tax', value: figures.salesTax, show: figures.salesTax !== undefined },
    { key: 'total', term: 'Total', value: figures.total, show: true },
  ];
  return rows
    .filter((row) => row.show || Number(row.value) > 0)
    .map((row) => ({ ...row, text: row.minus ? `-${formatPrice(row.value)}` : formatPrice(row.value) }));
}

// One order as a pick list and receipt: a printed page of its own (print.css).
export function PrintedOrder({ order }) {
  const shop = useShopInfo();
  const headingId = `print-order-${order.id}`;
  const lines = orderLines(order);
  const figures = orderFigures(order);
  const appointment = formatDayAndClock(order.deliveryDate, order.deliveryTime);
  // The rules' warnings (N2O's printed warning, alcohol's refusal) go on the paper handed over.
  const warnings = handoverMessages(order);
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
          {moneyRows(figures, feeLabel(order), shop.exciseTaxLabel).map((row) => (
            <tr key={row.key} className={row.key === 'total' ? 'print-order__total' : undefined}>
              <th scope="row" colSpan={6}>
                {row.term}
              </th>
              <td className="num" data-testid={`print-${order.id}-${row.key}`}>
                {row.text}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
      {warnings.length > 0 && (
        <section className="print-order__warnings" aria-label={`Warnings for order ${order.id}`}>
          <h3>Read before handing over</h3>
          <ul>
            {warnings.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      )}
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
