import { useEffect, useId, useState } from 'react';
import AccessDenied from '../../../components/AccessDenied';
import EmptyState from '../../../components/EmptyState';
import { SEARCH_DEBOUNCE_MS } from '../../../components/SearchBox';
import Spinner from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/hooks';
import { usePagedList } from '../../../lib/pages';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { usersQuery } from '../api';
import ChangePasswordModal from './ChangePasswordModal';
import CreateUserModal from './CreateUserModal';
import { UserActiveButton, UserActiveMark, UserRoleSelect } from './UserAccess';
import './users.css';
import RegistrationCodes from './RegistrationCodes';

function UserRows({ users, onChangePassword }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table users-table">
        <caption className="admin-visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Access</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="admin-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>{user.name || '-'}</td>
              <td>{user.email}</td>
              <td className={`admin-role admin-role--${user.role}`}>
                <UserRoleSelect user={user} />
              </td>
              <td>
                <UserActiveMark user={user} />
              </td>
              <td>{formatDay(user.created_at)}</td>
              <td className="admin-row-actions">
                <UserActiveButton user={user} />
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  onClick={() => onChangePassword(user)}
                  aria-label={`Change password for ${user.email}`}
                >
                  Change Password
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// Loading, the load's failure (with a retry) or no accounts; nothing once users show.
function UsersListState({ isPending, isError, empty, search, onRetry }) {
  if (isPending) return <Spinner label="Loading users..." />;
  if (isError) {
    return (
      <EmptyState title="Failed to load users" message="Please try again.">
        <button type="button" className="admin-button admin-button--secondary" onClick={onRetry}>
          Try again
        </button>
      </EmptyState>
    );
  }
  if (!empty) return null;
  return search ? (
    <EmptyState title="No users found" message={`No name or email holds "${search}".`} />
  ) : (
    <EmptyState title="No users" message="No accounts exist yet." />
  );
}

// Typing searches names and emails on the server once the typing pauses (one request a pause);
// the server takes up to 200 characters.
function UserSearch({ value, onChange }) {
  const id = useId();
  return (
    <form className="admin-filter users-search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label className="admin-label" htmlFor={id}>
        Search users
      </label>
      <input
        id={id}
        type="search"
        className="admin-input"
        placeholder="Name or email"
        maxLength={200}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}

function UsersTable() {
  const toast = useToast();
  const [target, setTarget] = useState(null);
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // The people newest first, the next page loading as the table is scrolled (lib/pages.js).
  const list = usePagedList(usersQuery(search));
  const { items: users, total, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage } = list;
  useEffect(() => {
    if (isError) toast.error(serverMessage(error, 'Failed to load users'));
  }, [isError, error, toast]);

  return (
    <section className="admin-page" aria-labelledby="user-management-title">
      <header className="admin-page-header">
        <h1 id="user-management-title">User Management</h1>
        {!isPending && !isError && (
          <p className="admin-muted" aria-live="polite">
            {total} {total === 1 ? 'user' : 'users'}
            {search ? ' found' : ''}
          </p>
        )}
        <button type="button" className="admin-button admin-button--primary" onClick={() => setCreating(true)}>
          Add Account
        </button>
      </header>
      <UserSearch value={text} onChange={setText} />
      <UsersListState isPending={isPending} isError={isError} empty={users.length === 0} search={search} onRetry={() => refetch()} />
      {users.length > 0 && <UserRows users={users} onChangePassword={setTarget} />}
      {isFetchingNextPage && <Spinner label="Loading more users..." />}
      {!hasNextPage && users.length > 0 && !isPending && <p className="admin-muted admin-list-end">No more users</p>}
      <ChangePasswordModal user={target} onClose={() => setTarget(null)} />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

// The app routes only admins here; the check is repeated so the page is safe wherever it is used.
export default function UsersPage() {
  const { status, isAdmin } = useSession();
  if (status === 'loading') return <Spinner label="Loading..." />;
  if (!isAdmin) return <AccessDenied />;
  return (
    <>
      <UsersTable />
      <RegistrationCodes />
    </>
  );
}
