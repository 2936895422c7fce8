import { useEffect, useId, useState } from 'react';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { formatDayAndClock } from '../../../lib/format';
import { usePagedList } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { rideListQuery, useDeleteRide, useSetRideStatus } from '../api';
import RideDetailsModal from './RideDetailsModal';
import RidePricingEditor from './RidePricingEditor';

// Loading, the load's failure (with a retry) or no rides; nothing once rides show.
function RidesListState({ list, status, statusLabel }) {
  const { isPending, isError, empty, refetch } = list;
  return (
    <>
      {isPending && <Spinner label="Loading rides..." />}
      {isError && (
        <EmptyState title="Rides could not be loaded" message="Please try again.">
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {!isPending && !isError && empty && (
        <EmptyState
          title="No ride requests"
          message={
            status === 'all' ? 'Ride requests from customers appear here.' : `No ${statusLabel(status).toLowerCase()} ride requests.`
          }
        />
      )}
    </>
  );
}

export default function RideManagementPage() {
  const filterId = useId();
  const toast = useToast();
  const [status, setStatus] = useState('all');
  const [selected, setSelected] = useState(null);
  const statusChange = useSetRideStatus();
  const removal = useDeleteRide();
  const busy = statusChange.isPending || removal.isPending;
  const { rideStatuses } = useShopInfo();
  // Staff see rides and change their status; the pricing text and deleting are the admins'.
  const { isAdmin } = useSession();
  const statusLabel = (id) => labelOf(rideStatuses, id);

  const { items: rides, total, isFetchingNextPage, isPending, isError, error, refetch } = usePagedList(rideListQuery(status));

  // 'Failed to fetch rides' when the server refused, 'Error loading rides' when
  // it could not be reached.
  useEffect(() => {
    if (!isError) return;
    toast.error(error?.isNetwork || !error?.status ? 'Error loading rides' : 'Failed to fetch rides');
  }, [isError, error, toast]);

  const changeStatus = async (ride, nextStatus) => {
    try {
      const answer = await statusChange.mutateAsync({ rideId: ride.id, status: nextStatus });
      // The status by its label, as everywhere else ('Ride status updated to Completed.').
      toast.success(`Ride status updated to ${statusLabel(nextStatus)}.`);
      setSelected(answer?.ride || { ...ride, status: nextStatus });
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to update ride status'));
    }
  };

  const removeRide = async (ride) => {
    try {
      await removal.mutateAsync(ride.id);
      toast.success('Ride request deleted');
      setSelected(null);
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to delete ride request'));
    }
  };

  return (
    <section className="admin-page" aria-labelledby="ride-management-title">
      <header className="admin-page-header">
        <h1 id="ride-management-title">Ride Management</h1>
        <div className="admin-filter">
          <label htmlFor={filterId} className="admin-label">
            Status
          </label>
          <select id={filterId} className="admin-input" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All</option>
            {rideStatuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      {isAdmin ? <RidePricingEditor /> : null}
      {!isPending && !isError && (
        <p className="admin-muted" aria-live="polite">
          {total} ride {total === 1 ? 'request' : 'requests'}
        </p>
      )}
      <RidesListState list={{ isPending, isError, empty: rides.length === 0, refetch }} status={status} statusLabel={statusLabel} />
      <ul className="admin-list admin-ride-list" aria-label="Ride requests">
        {rides.map((ride) => (
          <li key={ride.id}>
            <button
              type="button"
              className="admin-card admin-ride-row"
              onClick={() => setSelected(ride)}
              aria-label={`Ride request #${ride.id} from ${ride.name}, ${statusLabel(ride.status)}`}
            >
              <span className="admin-ride-main">
                <strong>{ride.name}</strong>
                <span className="admin-muted">{formatDayAndClock(ride.pickup_date, ride.pickup_time)}</span>
              </span>
              <span className="admin-ride-route">
                {ride.address} → {ride.dropoff_address}
              </span>
              <span className={`admin-status admin-status--${ride.status}`}>{statusLabel(ride.status)}</span>
            </button>
          </li>
        ))}
      </ul>
      {isFetchingNextPage && <Spinner label="Loading more rides..." />}
      <RideDetailsModal
        ride={selected}
        busy={busy}
        onClose={() => setSelected(null)}
        onSetStatus={changeStatus}
        onDelete={isAdmin ? removeRide : null}
      />
    </section>
  );
}
