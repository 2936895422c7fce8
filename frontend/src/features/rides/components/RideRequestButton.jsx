import { useState } from 'react';
import { RideRequestModal } from './RideRequestModal';

export function RideRequestButton({ className = '' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`ride-request-button ${className}`.trim()} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        REQUEST RIDE
      </button>
      <RideRequestModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
