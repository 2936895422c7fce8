import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/categories';
import { formatChangeValue, formatWhen } from '../../../lib/format';
import { productHistoryQuery } from './api';
import { NewerOlderPages } from './NewerOlderPages';
import './productHistory.css';

const ACTION_WORDS = { created: 'Created', changed: 'Changed', deleted: 'Deleted' };
const DOORS = { api: 'back office', admin: 'Django admin', system: 'the shop (automatic)' };

function who(entry) {
  // A command is the system at work, not a person: its name says which.
  const door = entry.source === 'command' ? `system, manage.py ${entry.command || ''}`.trim() : DOORS[entry.source] || entry.source;
  return entry.person ? `${entry.person.name} (${door})` : door;
}

// An image's entry is its file: the form speaks of images added and removed, never of paths.
const IMAGE_WORDS = { created: 'Image added', changed: 'Image moved', deleted: 'Image removed' };
// The form's labels where the history's differ from them.
const FORM_LABELS = { quantity: 'Quantity in stock', compareAtPrice: 'Compare at price (on sale)' };

function headline(entry, kinds) {
  if (entry.entity === 'image') return IMAGE_WORDS[entry.action] || 'Image changed';
  const kind = kinds[entry.entity] && entry.entity !== 'product' ? ` ${kinds[entry.entity].toLowerCase()}` : '';
  return `${ACTION_WORDS[entry.action] || entry.action}${kind}: ${entry.label}`;
}

function changeLine(change, categoryName) {
  const value = (v) => (change.field === 'category' && v ? categoryName(v) : formatChangeValue(v, change.money));
  return `${FORM_LABELS[change.field] || change.label}: ${value(change.before)} → ${value(change.after)}`;
}

function HistoryEntry({ entry, kinds, categoryName }) {
  const changes = entry.entity === 'image' ? [] : entry.changes;
  return (
    <li className="product-history__entry">
      <p className="product-history__what">
        <strong>{headline(entry, kinds)}</strong>
        <span className="admin-muted">
          {' '}
          {formatWhen(entry.at)}, {who(entry)}
        </span>
      </p>
      {changes.length > 0 && (
        <ul className="product-history__changes">
          {changes.map((change) => (
            <li key={change.field}>{changeLine(change, categoryName)}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

// The product's history, a page at a time, newest first: its own fields, its types and images.
export function ProductHistory({ productId }) {
  const [page, setPage] = useState(1);
  const history = useQuery({ ...productHistoryQuery(productId, page), placeholderData: keepPreviousData });
  const { categoryById } = useCategories();
  const categoryName = (id) => categoryById(id)?.name ?? id;
  if (history.isPending) return <Spinner label="Loading history..." />;
  if (history.isError) {
    return (
      <p className="admin-form-error" role="alert">
        {serverMessage(history.error, 'Could not load the history.')}
      </p>
    );
  }
  const { entries, pagination } = history.data;
  const kinds = Object.fromEntries(history.data.kinds.map((kind) => [kind.id, kind.label]));
  if (entries.length === 0) return <p className="admin-muted">No changes recorded yet.</p>;
  return (
    <>
      <ul className="product-history">
        {entries.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} kinds={kinds} categoryName={categoryName} />
        ))}
      </ul>
      <NewerOlderPages className="product-history__pages" pagination={pagination} page={page} setPage={setPage} />
    </>
  );
}

// The editor's Details and History tabs and the way to the product's stock ledger: `tabs` goes
// above the form, which is hidden while the History tab shows, and so is its save button: the
// History tab's footer only closes (`footer`). A new product has no history: no tabs.
export function useProductHistoryTabs(productId, onClose) {
  const [tab, setTab] = useState('details');
  const id = useId();
  if (!productId) return { tabs: null, hidden: false, footer: null };
  const tabButton = (name, label) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${name}`}
      aria-selected={tab === name}
      className={`product-tabs__tab${tab === name ? ' is-active' : ''}`}
      onClick={() => setTab(name)}
    >
      {label}
    </button>
  );
  const tabs = (
    <>
      {/* The ledger is another screen, not a tab: its link sits beside the tab list, not in it. */}
      <div className="product-tabs">
        <div role="tablist" aria-label="Product editor" className="product-tabs__list">
          {tabButton('details', 'Details')}
          {tabButton('history', 'History')}
        </div>
        <Link to={`/products/${productId}/stock`} className="product-tabs__link" onClick={onClose}>
          Stock ledger
        </Link>
      </div>
      {tab === 'history' && (
        <div role="tabpanel" aria-labelledby={`${id}-history`}>
          <ProductHistory productId={productId} />
        </div>
      )}
    </>
  );
  const footer =
    tab === 'history' ? (
      <div className="admin-modal-actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    ) : null;
  return { tabs, hidden: tab === 'history', footer };
}
