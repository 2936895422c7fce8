import { useState } from 'react';
import { api, serverMessage } from '../../../lib/api';
import { useToast } from '../../../lib/toast';
import { columnLabel, columnsOf, isSignatureColumn } from '../records';

// A signature is served to staff only with their token: fetched, then opened as an image.
function SignatureLink({ href, order }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const path = String(href).replace(/^\/api/, '');
      const { blob } = await api.getFile(path);
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch (err) {
      toast.error(serverMessage(err, 'The signature could not be opened'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="admin-button admin-button--ghost" onClick={open} disabled={busy}>
      {order ? `Signature of #${order}` : 'Signature'}
    </button>
  );
}

function Cell({ name, row }) {
  const value = row[name];
  if (isSignatureColumn(name)) {
    return <td>{value ? <SignatureLink href={value} order={row.order ?? row.orderId} /> : '—'}</td>;
  }
  return <td>{value === null || value === undefined || value === '' ? '—' : String(value)}</td>;
}

// A record's rows as the server sends them, one column per key.
export function RecordTable({ caption, rows, empty }) {
  if (!rows.length) return <p className="admin-muted">{empty}</p>;
  const columns = columnsOf(rows);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col">
                {columnLabel(name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((name) => (
                <Cell key={name} name={name} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default RecordTable;
