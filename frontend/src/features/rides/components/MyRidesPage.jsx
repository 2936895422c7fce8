import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatDayAndClock, formatWhen } from '../../../lib/format';
import { usePagedList } from '../../../lib/pages';
import { useToast } from '../../../lib/toast';
import { rideListQuery } from '../api';
import { labelOf, useShopInfo } from '../../../lib/shopInfo';
import { RideRequestModal } from './RideRequestModal';
import './rides.css';

function RideCard({ ride }) {
  const { rideStatuses } = useShopInfo();
  return (
    <article className="ride-card" aria-labelledby={`ride-${ride.id}-title`}>
      <header className="ride-card__head">
        <h2 className="ride-card__title" id={`ride-${ride.id}-title`}>
          Ride #{ride.id}
        </h2>
        <span className={`ride-status ride-status--${ride.status}`}>{labelOf(rideStatuses, ride.status, 'Unknown')}</span>
      </header>
      <dl className="ride-card__facts">
        <div>
          <dt>Pickup</dt>
          <dd>{formatDayAndClock(ride.pickup_date, ride.pickup_time)}</dd>
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
            <dd>{formatWhen(ride.created_at)}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}

export function MyRidesPage() {
  const toast = useToast();
  const [modalOpen, setModalOpen] = useState(false);
  const query = usePagedList(rideListQuery());
  const { items: rides, error, isFetchingNextPage, isPending } = query;

  useEffect(() => {
    if (error) toast.error(error.isNetwork ? 'Error loading rides' : serverMessage(error, 'Failed to fetch rides'));
  }, [error, toast]);

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
