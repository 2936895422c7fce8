import { useEffect, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatDateTimeLA } from '../../../lib/format';
import { useInfiniteScroll } from '../../../lib/hooks';
import { nextPageParam, pagesToItems } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { RIDES_PAGE_SIZE, fetchMyRidesPage } from '../api';
import { rideStatusLabel } from '../rideForm';
import { RideRequestModal } from './RideRequestModal';
import '../rides.css';

// Pickup dates are calendar dates ('2026-11-22'), not instants: format them without a zone
// shift so the day shown is the day the customer picked.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
function formatCalendarDate(value) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value || '')) return value || '';
  return DATE_FORMAT.format(new Date(`${value}T00:00:00Z`));
}

function RideCard({ ride }) {
  return (
    <article className="ride-card" aria-labelledby={`ride-${ride.id}-title`}>
      <header className="ride-card__head">
        <h2 className="ride-card__title" id={`ride-${ride.id}-title`}>
          Ride #{ride.id}
        </h2>
        <span className={`ride-status ride-status--${ride.status}`}>{rideStatusLabel(ride.status)}</span>
      </header>
      <dl className="ride-card__facts">
        <div>
          <dt>Pickup</dt>
          <dd>
            {formatCalendarDate(ride.pickup_date)}
            {ride.pickup_time ? ` at ${ride.pickup_time}` : ''}
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{ride.address}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{ride.dropoff_address}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{ride.item_description}</dd>
        </div>
        {ride.created_at && (
          <div>
            <dt>Requested</dt>
            <dd>{formatDateTimeLA(ride.created_at)}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}

export function MyRidesPage() {
  const toast = useToast();
  const [modalOpen, setModalOpen] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ['rides', { status: null }],
    queryFn: ({ pageParam }) => fetchMyRidesPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) =>
      nextPageParam(lastPage, 'rides', RIDES_PAGE_SIZE, lastPageParam),
  });
  const { data, error, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, isPending } = query;

  useInfiniteScroll({ hasNextPage: Boolean(hasNextPage) && !error, isFetching, fetchNextPage });

  useEffect(() => {
    if (error) toast.error(error.isNetwork ? 'Error loading rides' : serverMessage(error, 'Failed to fetch rides'));
    // Only a new error is announced; the toast API's identity is not a reason to repeat it.
  }, [error]);

  const rides = pagesToItems(data ? data.pages : [], 'rides');
  const openModal = () => setModalOpen(true);

  return (
    <section className="rides-page">
      <div className="rides-page__head">
        <h1 className="rides-page__title">My Ride Requests</h1>
        {rides.length > 0 && (
          <button type="button" className="button button--primary" onClick={openModal}>
            Request a Ride
          </button>
        )}
      </div>
      {isPending && <Spinner label="Loading rides..." />}
      {!isPending && error && rides.length === 0 && (
        <EmptyState title="Could not load your ride requests" message="Please try again.">
          <button type="button" className="button button--primary" onClick={() => query.refetch()}>
            Try again
          </button>
        </EmptyState>
      )}
      {!isPending && !error && rides.length === 0 && (
        <EmptyState title="No ride requests yet" message="Need something picked up and moved? Request a ride.">
          <button type="button" className="button button--primary" onClick={openModal}>
            Request a Ride
          </button>
        </EmptyState>
      )}
      {rides.length > 0 && (
        <div className="rides-list">
          {rides.map((ride) => (
            <RideCard key={ride.id} ride={ride} />
          ))}
        </div>
      )}
      {isFetchingNextPage && <Spinner label="Loading more rides..." />}
      <RideRequestModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </section>
  );
}
