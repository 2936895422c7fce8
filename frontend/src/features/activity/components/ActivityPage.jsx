import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import AccessDenied from '../../../components/AccessDenied';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { usePagedList } from '../../../lib/pages';
import { useSession } from '../../../lib/session';
import { activityListQuery, peopleQuery } from '../api';
import ActivityEntry from './ActivityEntry';
import { ActivityFilterBar } from './ActivityFilterBar';
import { cleanFilters, withFilters } from './activityWords';
import './activity.css';

// Loading, the load's failure (the server's message: a bad filter names itself) or nothing found.
function ListState({ list, empty, filtered, onClear }) {
  if (list.isPending) return <Spinner label="Loading activity..." />;
  if (list.isError) {
    return (
      <EmptyState title="Failed to load the activity" message={serverMessage(list.error, 'Please try again.')}>
        <button type="button" className="admin-button admin-button--secondary" onClick={() => list.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  }
  if (!empty) return null;
  return (
    <EmptyState
      title={filtered ? 'Nothing matches these filters' : 'No activity yet'}
      message={filtered ? 'Change or clear the filters to see more.' : 'Changes made in the back office appear here.'}
    >
      {filtered ? (
        <button type="button" className="admin-button admin-button--secondary" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </EmptyState>
  );
}

function ActivityHistory() {
  const [params, setParams] = useSearchParams();
  const filters = cleanFilters(params);
  const list = usePagedList(activityListQuery(filters));
  const people = useQuery(peopleQuery());
  const kinds = list.data?.pages?.[0]?.kinds ?? [];
  const labels = Object.fromEntries(kinds.map((kind) => [kind.id, kind.label]));
  const filtered = Object.keys(filters).length > 0;
  const change = (changes) => setParams(withFilters(params, changes));
  const clear = () => setParams(withFilters(params, Object.fromEntries(Object.keys(filters).map((key) => [key, '']))));

  return (
    <section className="admin-page" aria-labelledby="activity-title">
      <header className="admin-page-header">
        <h1 id="activity-title">Activity</h1>
        {list.isSuccess && (
          <p className="admin-muted" aria-live="polite">
            {list.total} {list.total === 1 ? 'change' : 'changes'}
          </p>
        )}
      </header>
      <ActivityFilterBar filters={filters} kinds={kinds} people={people.data ?? []} onChange={change} onClear={clear} />
      <ListState list={list} empty={list.items.length === 0} filtered={filtered} onClear={clear} />
      <ul className="activity-list">
        {list.items.map((entry) => (
          <ActivityEntry key={entry.id} entry={entry} kindLabel={labels[entry.entity]} />
        ))}
      </ul>
      {list.isFetchingNextPage && <Spinner label="Loading more activity..." />}
    </section>
  );
}

// The app routes only admins here; the check is repeated so the page is safe wherever it is used.
export default function ActivityPage() {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <Spinner label="Loading..." />;
  return isAdmin ? <ActivityHistory /> : <AccessDenied />;
}
