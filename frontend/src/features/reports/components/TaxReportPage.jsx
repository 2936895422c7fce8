import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { todayLA } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { canRetry, downloadReportCsv, isIsoDate, lastMonth, taxReportQuery, taxesCsvPath } from '../api';
import { formatDay, money } from '../format';
import { RangeControl } from './RangeControl';
import './dashboard.css';

// The rate as the server sends it (a percent number, 8.75): shown as "8.75%".
const percent = (rate) => `${Number(rate)}%`;

function TaxFigures({ report }) {
  const figures = [
    ['taxableSales', 'Taxable sales'],
    ['salesTax', 'Sales tax collected'],
    ['exciseSales', 'Sales charged the excise'],
    ['exciseTax', 'Excise tax collected'],
    ['discounts', 'Discounts given'],
  ];
  return (
    <dl className="dashboard-figures">
      {figures
        .filter(([key]) => report[key] !== undefined)
        .map(([key, label]) => (
          <div key={key} className="dashboard-figure">
            <dt>{label}</dt>
            <dd data-testid={`taxes-${key}`}>{money(report[key])}</dd>
          </div>
        ))}
    </dl>
  );
}

function ByRate({ rows }) {
  if (!rows.length) return <p className="admin-muted">No taxed sales in this period.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Sales tax by rate and place</caption>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col" className="num">
              Rate
            </th>
            <th scope="col" className="num">
              Taxable sales
            </th>
            <th scope="col" className="num">
              Sales tax
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.place}-${row.rate}`}>
              <th scope="row">{row.place}</th>
              <td className="num">{percent(row.rate)}</td>
              <td className="num">{money(row.taxableSales)}</td>
              <td className="num">{money(row.salesTax)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
      await downloadReportCsv('taxes', range);
    } catch (err) {
      toast.error(serverMessage(err, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <a className="admin-button admin-button--secondary" href={taxesCsvPath(range)} onClick={download} aria-busy={busy}>
      {busy ? 'Preparing CSV...' : 'Download CSV'}
    </a>
  );
}

// The range from the URL, else last month (the period a return is filed for).
function rangeOf(params, today) {
  const from = params.get('from');
  const to = params.get('to');
  return isIsoDate(from) && isIsoDate(to) ? { from, to } : lastMonth(today);
}

// The taxes report for filing: a period (default last month, kept in the URL), the taxable sales
// and sales tax collected, the excise and the sales it was charged on, sales tax by rate and
// place, and the same as CSV. Every figure is the server's.
export function TaxReportPage() {
  const [params, setParams] = useSearchParams();
  const today = todayLA();
  const range = rangeOf(params, today);
  const { data: report, isPending, isError, error, refetch, isPlaceholderData } = useQuery(taxReportQuery(range));

  const change = ({ from, to }) => {
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    setParams(next, { replace: true });
  };

  return (
    <section className="admin-page dashboard" aria-labelledby="taxes-title" aria-busy={isPending || isPlaceholderData}>
      <header className="admin-page-header">
        <div>
          <h1 id="taxes-title">Taxes</h1>
          <p className="admin-muted">
            Orders from {formatDay(range.from)} to {formatDay(range.to)} (Los Angeles days)
          </p>
        </div>
        <CsvLink range={range} />
      </header>
      <RangeControl range={range} today={today} onChange={change} />
      {isPending && <Spinner label="Loading the taxes report..." />}
      {isError && !report && (
        <EmptyState title="Failed to load the taxes report" message={serverMessage(error, 'Please try again.')}>
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
          <TaxFigures report={report} />
          <ByRate rows={report.byRate || []} />
        </>
      )}
    </section>
  );
}

export default TaxReportPage;
