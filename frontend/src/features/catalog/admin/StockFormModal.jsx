import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Modal from '../../../components/Modal';
import Spinner from '../../../components/Spinner';
import { FormModalActions } from '../../../components/FormModalActions';
import { actionFailureMessage } from '../../../lib/messages';
import { useToast } from '../../../lib/toast';
import { isStale, productVersionQuery, useSaveStock } from './api';

const LOAD_FAILED = 'Could not load the product. Please try again.';
const STALE = 'Someone changed this product meanwhile. Close and open it again to see the new figures.';
export const BAD_QUANTITY = 'Quantities are whole numbers from 0.';

const rowOf = (item) => ({ id: item.id, name: item.name, availability: Boolean(item.availability), quantity: String(item.quantity ?? 0) });
const isCount = (text) => /^\d+$/.test(String(text).trim());

// Only what differs from the copy the form opened on is sent.
function changedFields(row, was, withQuantity = true) {
  const fields = {};
  if (row.availability !== was.availability) fields.availability = row.availability;
  if (withQuantity && Number(row.quantity) !== Number(was.quantity)) fields.quantity = Number(row.quantity);
  return fields;
}

export function stockChange(product, etag, values) {
  const typed = values.types.length > 0;
  const types = values.types
    .map((row, i) => ({ id: row.id, ...changedFields(row, rowOf(product.types[i])) }))
    .filter((row) => Object.keys(row).length > 1);
  // A product with types is stocked by them: its own quantity is left as it is (docs/api.md).
  return { productId: product.id, etag, product: changedFields(values.product, rowOf(product), !typed), types };
}

function StockRow({ idPrefix, label, row, onChange, withQuantity, disabled }) {
  return (
    <fieldset className="admin-form-row stock-row">
      <legend className="admin-label">{label}</legend>
      {withQuantity ? (
        <div>
          <label className="admin-label" htmlFor={`${idPrefix}-quantity`}>
            Quantity in stock
          </label>
          <input
            id={`${idPrefix}-quantity`}
            className="admin-input"
            type="number"
            min="0"
            step="1"
            value={row.quantity}
            onChange={(e) => onChange({ ...row, quantity: e.target.value })}
            disabled={disabled}
          />
        </div>
      ) : null}
      <div>
        <label className="admin-label" htmlFor={`${idPrefix}-availability`}>
          Availability
        </label>
        <select
          id={`${idPrefix}-availability`}
          className="admin-input"
          value={row.availability ? 'true' : 'false'}
          onChange={(e) => onChange({ ...row, availability: e.target.value === 'true' })}
          disabled={disabled}
        >
          <option value="true">Available</option>
          <option value="false">Unavailable</option>
        </select>
      </div>
    </fieldset>
  );
}

// A staff member's product edit: the stock count and availability (the product's, and each
// type's), nothing else; prices, names and images stay the admins'.
function StockForm({ product, etag, onClose }) {
  const formId = useId();
  const toast = useToast();
  const save = useSaveStock();
  const [values, setValues] = useState(() => ({ product: rowOf(product), types: (product.types || []).map(rowOf) }));
  const [error, setError] = useState(null);
  const typed = values.types.length > 0;

  const submit = async (event) => {
    event.preventDefault();
    const counts = typed ? values.types.map((row) => row.quantity) : [values.product.quantity];
    if (!counts.every(isCount)) {
      setError(BAD_QUANTITY);
      return;
    }
    try {
      await save.mutateAsync(stockChange(product, etag, values));
    } catch (err) {
      setError(isStale(err) ? STALE : actionFailureMessage(err, 'Failed to save the stock'));
      return;
    }
    toast.success('Stock updated');
    onClose();
  };

  const setType = (index) => (row) => setValues((v) => ({ ...v, types: v.types.map((r, i) => (i === index ? row : r)) }));
  return (
    <Modal
      open
      onClose={save.isPending ? () => {} : onClose}
      title="Edit Stock"
      footer={<FormModalActions formId={formId} saving={save.isPending} onCancel={onClose} label="Save Stock" />}
    >
      <p className="product-tabs__ledger">
        <Link to={`/products/${product.id}/stock`} onClick={onClose}>
          Stock ledger
        </Link>
      </p>
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <StockRow
          idPrefix={`${formId}-product`}
          label={product.name}
          row={values.product}
          onChange={(row) => setValues((v) => ({ ...v, product: row }))}
          withQuantity={!typed}
          disabled={save.isPending}
        />
        {values.types.map((row, i) => (
          <StockRow
            key={row.id}
            idPrefix={`${formId}-type-${row.id}`}
            label={row.name}
            row={row}
            onChange={setType(i)}
            withQuantity
            disabled={save.isPending}
          />
        ))}
        {error ? (
          <p className="admin-form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

// Opens on the product as the server has it now, with its version (ETag).
export default function StockFormModal({ open, product, onClose }) {
  const version = useQuery({ ...productVersionQuery(product.id), enabled: open });
  if (!open) return null;
  if (version.isSuccess) return <StockForm product={version.data.product} etag={version.data.etag} onClose={onClose} />;
  return (
    <Modal open onClose={onClose} title="Edit Stock">
      {version.isError ? (
        <p className="admin-form-error" role="alert">
          {actionFailureMessage(version.error, LOAD_FAILED)}
        </p>
      ) : (
        <Spinner label="Loading product..." />
      )}
    </Modal>
  );
}
