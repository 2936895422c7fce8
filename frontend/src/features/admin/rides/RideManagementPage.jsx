import { useEffect, useId, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { useInfiniteScroll } from '../../../lib/hooks';
import { nextPageParam, pagesToItems } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../shared/messages';
import { RIDES_PAGE_SIZE, RIDE_STATUSES, deleteRide, fetchRidesPage, setRideStatus, statusLabel } from './api';
import RideDetailsModal from './RideDetailsModal';
import RidePricingEditor from './RidePricingEditor';

export default function RideManagementPage() {
  const filterId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('all');
  const [selected, setSelected] = useState(null);
  const [busy, setBusy] = useState(false);

  const { data, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, isPending, isError, error, refetch } = useInfiniteQuery({
    queryKey: ['rides', { status }],
    queryFn: ({ pageParam }) => fetchRidesPage(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) => nextPageParam(lastPage, 'rides', RIDES_PAGE_SIZE, lastPageParam),
  });
  useInfiniteScroll({ hasNextPage, isFetching, fetchNextPage });

  // Spec section 8: 'Failed to fetch rides' when the server refused, 'Error loading rides' when
  // it could not be reached.
  useEffect(() => {
    if (!isError) return;
    toast.error(error?.isNetwork || !error?.status ? 'Error loading rides' : 'Failed to fetch rides');
  }, [isError, error]); // eslint-disable-line react-hooks/exhaustive-deps

  const rides = pagesToItems(data?.pages, 'rides');
  const total = data?.pages?.[0]?.pagination?.totalItems ?? rides.length;

  const changeStatus = async (ride, nextStatus) => {
    setBusy(true);
    try {
      const answer = await setRideStatus(ride.id, nextStatus);
      toast.success(answer?.message || `Ride status updated to ${statusLabel(nextStatus).toLowerCase()}.`);
      setSelected(answer?.ride || { ...ride, status: nextStatus });
      await queryClient.invalidateQueries({ queryKey: ['rides'] });
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to update ride status'));
    } finally {
      setBusy(false);
    }
  };

  const removeRide = async (ride) => {
    setBusy(true);
    try {
      await deleteRide(ride.id);
      toast.success('Ride request deleted');
      setSelected(null);
      await queryClient.invalidateQueries({ queryKey: ['rides'] });
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to delete ride request'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-page" aria-labelledby="ride-management-title">
      <header className="admin-page-header">
        <h1 id="ride-management-title">Ride Management</h1>
        <div className="admin-filter">
          <label htmlFor={filterId} className="admin-label">Status</label>
          <select id={filterId} className="admin-input" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All</option>
            {RIDE_STATUSES.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
          </select>
        </div>
      </header>
      <RidePricingEditor />
      {!isPending && !isError && <p className="admin-muted" aria-live="polite">{total} ride {total === 1 ? 'request' : 'requests'}</p>}
      {isPending && <Spinner label="Loading rides..." />}
      {isError && (
        <EmptyState title="Rides could not be loaded" message="Please try again.">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>Try again</button>
        </EmptyState>
      )}
      {!isPending && !isError && rides.length === 0 && (
        <EmptyState title="No ride requests" message={status === 'all' ? 'Ride requests from customers appear here.' : `No ${statusLabel(status).toLowerCase()} ride requests.`} />
      )}
      <ul className="admin-list admin-ride-list" aria-label="Ride requests">
        {rides.map((ride) => (
          <li key={ride.id}>
            <button type="button" className="admin-card admin-ride-row" onClick={() => setSelected(ride)}
              aria-label={`Ride request #${ride.id} from ${ride.name}, ${statusLabel(ride.status)}`}>
              <span className="admin-ride-main">
                <strong>{ride.name}</strong>
                <span className="admin-muted">{ride.pickup_date} {ride.pickup_time}</span>
              </span>
              <span className="admin-ride-route">{ride.address} → {ride.dropoff_address}</span>
              <span className={`admin-status admin-status--${ride.status}`}>{statusLabel(ride.status)}</span>
            </button>
          </li>
        ))}
      </ul>
      {isFetchingNextPage && <Spinner label="Loading more rides..." />}
      <RideDetailsModal ride={selected} busy={busy} onClose={() => setSelected(null)} onSetStatus={changeStatus} onDelete={removeRide} />
    </section>
  );
}
