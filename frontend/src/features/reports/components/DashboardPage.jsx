import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { todayLA } from '../../../lib/format';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { canRetry, downloadSalesCsv, rangeFromParams, salesCsvPath, salesReportQuery } from '../api';
import { formatDay, money } from '../format';
import { RangeControl } from './RangeControl';
import { RevenueByCategoryChart, RevenueByDayChart } from './SalesCharts';
import './dashboard.css';

export const REVENUE_NOTE = 'Includes pending orders and delivery fees; cancelled orders and taxes left out.';

function Figures({ totals }) {
  return (
    <dl className="dashboard-figures">
      <div className="dashboard-figure">
        <dt>Orders</dt>
        <dd>{totals.orders}</dd>
      </div>
      <div className="dashboard-figure">
        <dt>Revenue</dt>
        <dd>{money(totals.revenue)}</dd>
        {/* What the figure counts (reports/selectors.py): an owner would otherwise read it as money in hand. */}
        <dd className="dashboard-figure__note">{REVENUE_NOTE}</dd>
      </div>
      <div className="dashboard-figure">
        <dt>Average order</dt>
        <dd>{money(totals.averageOrder)}</dd>
      </div>
      {/* Promotions given on these orders (the server's; absent before promotions existed). */}
      {totals.discounts !== undefined && totals.discounts !== null && (
        <div className="dashboard-figure">
          <dt>Discounts given</dt>
          <dd data-testid="dashboard-discounts">{money(totals.discounts)}</dd>
        </div>
      )}
    </dl>
  );
}

function TopProducts({ products }) {
  return (
    <section className="admin-card dashboard-section" aria-labelledby="top-products-title">
      <h2 id="top-products-title">Top products</h2>
      {products.length ? (
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Units
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => (
              // A product deleted since has no id: it keeps its place under the name it was sold under.
              <tr key={product.id ?? `deleted-${product.name}`}>
                <td>{index + 1}</td>
                <th scope="row">
                  {product.name}
                  {product.id == null ? <span className="admin-muted dashboard-deleted"> (deleted)</span> : null}
                </th>
                <td className="num">{product.units}</td>
                <td className="num">{money(product.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-muted">No products sold in this period.</p>
      )}
    </section>
  );
}

function Breakdown({ byStatus, byDeliveryOption }) {
  const { orderStatuses, deliveryOptions } = useShopInfo();
  return (
    <section className="admin-card dashboard-section" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title">Orders by status and delivery</h2>
      <div className="dashboard-breakdown">
        <table className="dashboard-table">
          <caption>By status (all orders placed)</caption>
          <tbody>
            {Object.entries(byStatus || {}).map(([status, count]) => (
              <tr key={status}>
                <th scope="row">{labelOf(orderStatuses, status)}</th>
                <td className="num">{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="dashboard-table">
          <caption>By delivery option (not cancelled)</caption>
          <thead>
            <tr>
              <th scope="col">Option</th>
              <th scope="col" className="num">
                Orders
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(byDeliveryOption || {}).map(([option, value]) => (
              <tr key={option}>
                <th scope="row">{labelOf(deliveryOptions, option)}</th>
                <td className="num">{value.orders}</td>
                <td className="num">{money(value.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CsvLink({ range }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async (event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await downloadSalesCsv(range);
    } catch (err) {
      toast.error(serverMessage(err, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <a className="admin-button admin-button--secondary" href={salesCsvPath(range)} onClick={download} aria-busy={busy}>
      {busy ? 'Preparing CSV...' : 'Download CSV'}
    </a>
  );
}

// The sales dashboard: a period (default the last 30 Los Angeles days, kept in the URL), its
// totals, revenue per day and per category, the top products and the CSV of the same report.
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const today = todayLA();
  const range = rangeFromParams(params, today);
  const { data: report, isPending, isError, error, refetch, isPlaceholderData } = useQuery(salesReportQuery(range));

  const change = ({ from, to }) => {
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    setParams(next, { replace: true });
  };

  return (
    <section className="admin-page dashboard" aria-labelledby="dashboard-title" aria-busy={isPending || isPlaceholderData}>
      <header className="admin-page-header">
        <div>
          <h1 id="dashboard-title">Dashboard</h1>
          <p className="admin-muted">
            Sales from {formatDay(range.from)} to {formatDay(range.to)} (Los Angeles days)
          </p>
        </div>
        <CsvLink range={range} />
      </header>
      <RangeControl range={range} today={today} onChange={change} />
      {isPending && <Spinner label="Loading the sales report..." />}
      {isError && !report && (
        <EmptyState title="Failed to load the sales report" message={serverMessage(error, 'Please try again.')}>
          {/* A refused period (400) fails again as it is: the range is what to change. */}
          {canRetry(error) && (
            <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>
              Try again
            </button>
          )}
        </EmptyState>
      )}
      {report && (
        <>
          <Figures totals={report.totals} />
          <div className="dashboard-charts">
            <RevenueByDayChart days={report.days || []} />
            <RevenueByCategoryChart categories={report.byCategory || []} />
          </div>
          <TopProducts products={report.topProducts || []} />
          <Breakdown byStatus={report.byStatus} byDeliveryOption={report.byDeliveryOption} />
        </>
      )}
    </section>
  );
}

export default DashboardPage;
