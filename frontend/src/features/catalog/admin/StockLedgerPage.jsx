import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatWhen } from '../../../lib/format';
import { productVersionQuery, stockLedgerQuery } from './api';
import { NewerOlderPages } from './NewerOlderPages';
import './stockLedger.css';

const OWN = 'own';
const figureName = (typeName) => typeName || 'Product stock';
const signed = (delta) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

// `manage.py stock_audit`'s verdict on each figure, in the server's words and figures.
function AuditVerdict({ audit }) {
  const off = audit.filter((row) => !row.agrees);
  return (
    <section className={`stock-ledger__audit${off.length ? ' is-off' : ''}`} aria-label="Stock audit">
      <p className="stock-ledger__verdict" role="status">
        {off.length
          ? `${off.length} of ${audit.length} stock figures do not add up to their moves`
          : 'Every stock figure adds up to its moves'}
      </p>
      <ul className="stock-ledger__figures">
        {audit.map((row) => (
          <li key={row.typeId ?? OWN} className={row.agrees ? 'agrees' : 'is-off'}>
            <strong>{figureName(row.typeName)}</strong>: {row.quantity} in stock
            {row.agrees ? ', moves agree' : `, moves add up to ${row.movesTotal} (last balance ${row.lastBalance ?? 'none'})`}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MoveRow({ move }) {
  return (
    <tr>
      <td data-label="When">{formatWhen(move.at)}</td>
      <td data-label="Stock">{figureName(move.productTypeName)}</td>
      <td data-label="Reason">{move.reasonLabel}</td>
      <td data-label="Order">{move.orderId ? <Link to={`/orders?search=${move.orderId}`}>Order #{move.orderId}</Link> : '—'}</td>
      <td data-label="Change" className={`stock-ledger__delta${move.delta < 0 ? ' is-out' : ''}`}>
        {signed(move.delta)}
      </td>
      <td data-label="Balance after">{move.balanceAfter}</td>
      <td data-label="Who">{move.actorEmail || 'The shop'}</td>
    </tr>
  );
}

function MovesTable({ moves }) {
  if (!moves.length) return <p className="admin-muted">No stock moves recorded.</p>;
  return (
    <table className="stock-ledger__table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Stock</th>
          <th scope="col">Reason</th>
          <th scope="col">Order</th>
          <th scope="col">Change</th>
          <th scope="col">Balance after</th>
          <th scope="col">Who</th>
        </tr>
      </thead>
      <tbody>
        {moves.map((move) => (
          <MoveRow key={move.id} move={move} />
        ))}
      </tbody>
    </table>
  );
}

function Pages({ pagination, page, setPage }) {
  if (pagination.totalPages <= 1) return null;
  return <NewerOlderPages className="stock-ledger__pages" pagination={pagination} page={page} setPage={setPage} />;
}

// A product's stock ledger for the back office: every move of its own stock and its types'
// (reason, order, change, balance after, who, when), one figure at a time if asked, under the
// stock audit's verdict on each figure.
export function StockLedgerPage() {
  const { productId } = useParams();
  const [figure, setFigure] = useState('');
  const [page, setPage] = useState(1);
  const product = useQuery(productVersionQuery(productId));
  const ledger = useQuery({ ...stockLedgerQuery(productId, figure, page), placeholderData: keepPreviousData });
  const name = product.data?.product?.name;
  const choose = (event) => {
    setFigure(event.target.value);
    setPage(1);
  };
  return (
    <main className="admin-page stock-ledger">
      <div className="admin-page-header">
        <h1>{name ? `Stock ledger: ${name}` : 'Stock ledger'}</h1>
        <Link to={`/product/${productId}`} className="admin-button admin-button--secondary">
          Back to product
        </Link>
      </div>
      {ledger.isPending ? <Spinner label="Loading the stock ledger..." /> : null}
      {ledger.isError ? (
        <p className="admin-form-error" role="alert">
          {serverMessage(ledger.error, 'Could not load the stock ledger.')}
        </p>
      ) : null}
      {ledger.data ? (
        <>
          <AuditVerdict audit={ledger.data.audit} />
          {ledger.data.audit.length > 1 ? (
            <label className="stock-ledger__filter">
              <span>Show</span>
              <select className="admin-input" value={figure} onChange={choose}>
                <option value="">All stock</option>
                {ledger.data.audit.map((row) => (
                  <option key={row.typeId ?? OWN} value={row.typeId === null ? OWN : String(row.typeId)}>
                    {figureName(row.typeName)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <MovesTable moves={ledger.data.moves} />
          <Pages pagination={ledger.data.pagination} page={page} setPage={setPage} />
        </>
      ) : null}
    </main>
  );
}

export default StockLedgerPage;
