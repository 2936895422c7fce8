import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { todayLA } from '../../../lib/format';
import { deliverySalesQuery, n2oLogQuery, rowsOf } from '../api';
import { previousMonth, thisMonthSoFar } from '../records';
import { DownloadButton } from './DownloadButton';
import { RecordTable } from './RecordTable';

function Failed({ error, what }) {
  return (
    <p className="admin-form-error" role="alert">
      {serverMessage(error, `The ${what} could not be loaded. Please try again.`)}
    </p>
  );
}

// PC 381e's log: every N2O sale handed over in the range, with what was seen and signed.
function N2oLog() {
  const [range, setRange] = useState(() => thisMonthSoFar(todayLA()));
  const { data, isPending, isError, error } = useQuery(n2oLogQuery(range));
  const set = (name) => (event) => event.target.value && setRange((r) => ({ ...r, [name]: event.target.value }));
  return (
    <section className="admin-card compliance-record" aria-labelledby="n2o-log-title">
      <header className="admin-page-header">
        <h2 id="n2o-log-title" className="admin-card-title">
          N2O sales log
        </h2>
        <DownloadButton path="/compliance/n2o-log.csv" params={range} fallbackName={`n2o-log-${range.from}-${range.to}.csv`} label="CSV" />
      </header>
      <div className="admin-form-row">
        <label className="admin-label">
          From
          <input type="date" className="admin-input" value={range.from} max={range.to} onChange={set('from')} />
        </label>
        <label className="admin-label">
          To
          <input type="date" className="admin-input" value={range.to} min={range.from} onChange={set('to')} />
        </label>
      </div>
      {isPending && <Spinner label="Loading the N2O log..." />}
      {isError && <Failed error={error} what="N2O log" />}
      {data && <RecordTable caption="N2O sales" rows={rowsOf(data)} empty="No N2O sale was handed over in these days." />}
    </section>
  );
}

// The PACT Act's monthly report: nicotine lines delivered in the month, due by the 10th.
function DeliverySales() {
  const [month, setMonth] = useState(() => previousMonth(todayLA()));
  const { data, isPending, isError, error } = useQuery(deliverySalesQuery(month));
  const params = { month };
  return (
    <section className="admin-card compliance-record" aria-labelledby="delivery-sales-title">
      <header className="admin-page-header">
        <h2 id="delivery-sales-title" className="admin-card-title">
          Monthly delivery sales (nicotine)
        </h2>
        <div className="admin-card-actions">
          <DownloadButton path="/compliance/delivery-sales.csv" params={params} fallbackName={`delivery-sales-${month}.csv`} label="CSV" />
          <DownloadButton path="/compliance/delivery-sales.pdf" params={params} fallbackName={`delivery-sales-${month}.pdf`} label="PDF" />
        </div>
      </header>
      <label className="admin-label">
        Month
        <input type="month" className="admin-input" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
      </label>
      {isPending && <Spinner label="Loading the report..." />}
      {isError && <Failed error={error} what="report" />}
      {data && (
        <RecordTable
          caption={`Delivery sales of ${month}`}
          rows={rowsOf(data)}
          empty="No nicotine delivery was handed over in this month."
        />
      )}
    </section>
  );
}

// The records an inspector asks for (admins), kept five years; erasing a customer keeps them.
export function RecordsPage() {
  return (
    <>
      <p className="admin-muted">Records are kept five years; erasing a customer keeps these records, as the law requires.</p>
      <DeliverySales />
      <N2oLog />
    </>
  );
}

export default RecordsPage;
