import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageDialog } from '../../../components/MessageDialog';
import { Modal } from '../../../components/Modal';
import { serverMessage } from '../../../lib/api';
import { todayLA } from '../../../lib/format';
import { RIDE_REQUEST_KEY, ridePricingQuery, useRequestRide } from '../api';
import { meQuery, useSession } from '../../../lib/session';
import { useShopInfo } from '../../../lib/shopInfo';
import { DIALOGS, EMPTY_RIDE, FIELD_MISSING, RIDE_FIELDS, missingRideFields, prefillRide, ridePayload } from '../rideForm';
import './rides.css';

const FORM_ID = 'ride-request-form';
const SUCCESS_AUTO_CLOSE_MS = 3000;

function PricingText({ open }) {
  // Fetched each time the modal opens (staleTime 0), so an admin's new text shows at once.
  const pricing = useQuery(ridePricingQuery({ enabled: open, staleTime: 0 }));
  const { defaultRidePricing } = useShopInfo();
  const fromServer = pricing.data && pricing.data.ride_pricing_description;
  let text = fromServer;
  if (!text && (pricing.isError || pricing.isSuccess)) text = defaultRidePricing;
  return (
    <section className="ride-pricing" aria-labelledby="ride-pricing-title">
      <h3 id="ride-pricing-title" className="ride-pricing__title">
        Pricing
      </h3>
      <p className="ride-pricing__text">{text || 'Loading pricing...'}</p>
    </section>
  );
}

// One field of the form, marked (and described) while it is one the shopper left empty.
function RideField({ field, value, missing, inputRef, today, onChange }) {
  const id = `ride-${field.name}`;
  const props = {
    id,
    name: field.name,
    value,
    required: true,
    ref: inputRef,
    onChange,
    'aria-invalid': missing ? 'true' : undefined,
    'aria-describedby': missing ? `${id}-missing` : undefined,
  };
  return (
    <div className={`form-field ride-form__${field.name}${missing ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>{field.label}</label>
      {field.type === 'textarea' ? (
        <textarea rows={3} {...props} />
      ) : (
        <input type={field.type} autoComplete={field.autoComplete} min={field.type === 'date' ? today : undefined} {...props} />
      )}
      {missing && (
        <p className="form-error" id={`${id}-missing`}>
          {FIELD_MISSING}
        </p>
      )}
    </div>
  );
}

// The signed-in customer's saved name and phone, filled in when the form opens.
function usePrefill(open, setRide) {
  const { user } = useSession();
  const me = useQuery({ ...meQuery(user?.id), enabled: Boolean(user) && open, retry: false });
  useEffect(() => {
    if (open && me.data) setRide((current) => prefillRide(current, me.data));
  }, [open, me.data, setRide]);
}

export function RideRequestModal({ open, onClose }) {
  const [ride, setRide] = useState(EMPTY_RIDE);
  const [dialog, setDialog] = useState(null);
  // The fields left empty at the last Submit, marked until filled.
  const [missing, setMissing] = useState([]);
  const firstField = useRef(null);
  const formRef = useRef(null);
  usePrefill(open, setRide);
  const queryClient = useQueryClient();
  const request = useRequestRide();
  const submitting = request.isPending;
  const today = todayLA();

  async function submit(event) {
    event.preventDefault();
    // The mutation cache, not the rendered flag: two clicks in the same tick both see the
    // render before the first request started.
    if (queryClient.isMutating({ mutationKey: RIDE_REQUEST_KEY })) return;
    const empty = missingRideFields(ride);
    setMissing(empty);
    if (empty.length) {
      setDialog({ ...DIALOGS.missing, focus: empty[0] });
      return;
    }
    try {
      await request.mutateAsync(ridePayload(ride));
      setRide(EMPTY_RIDE);
      setMissing([]);
      setDialog({ ...DIALOGS.success, closesModal: true });
    } catch (err) {
      if (err && err.isNetwork) setDialog(DIALOGS.network);
      else setDialog({ ...DIALOGS.failed, message: serverMessage(err, DIALOGS.failed.message) });
    }
  }

  function closeDialog() {
    const closesModal = dialog && dialog.closesModal;
    const focus = dialog && dialog.focus;
    setDialog(null);
    if (closesModal) onClose();
    // Back to the first field the dialog was about.
    if (focus) setTimeout(() => formRef.current?.querySelector(`[name="${focus}"]`)?.focus(), 0);
  }

  const footer = (
    <div className="ride-modal__actions">
      <button type="button" className="button button--secondary" onClick={onClose} disabled={submitting}>
        Cancel
      </button>
      <button type="submit" form={FORM_ID} className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? 'Submitting...' : 'Submit Request'}
      </button>
    </div>
  );

  return (
    <>
      <Modal open={open} onClose={onClose} title="Request a Ride" size="md" footer={footer} initialFocusRef={firstField}>
        <PricingText open={open} />
        <form id={FORM_ID} className="ride-form" noValidate onSubmit={submit} ref={formRef}>
          {RIDE_FIELDS.map((field, index) => (
            <RideField
              key={field.name}
              field={field}
              value={ride[field.name]}
              missing={missing.includes(field.name) && !String(ride[field.name]).trim()}
              inputRef={index === 0 ? firstField : undefined}
              today={today}
              onChange={(event) => setRide((current) => ({ ...current, [field.name]: event.target.value }))}
            />
          ))}
        </form>
      </Modal>
      <MessageDialog
        open={Boolean(dialog)}
        type={dialog ? dialog.type : 'info'}
        title={dialog ? dialog.title : ''}
        message={dialog ? dialog.message : ''}
        onClose={closeDialog}
        autoClose={Boolean(dialog && dialog.type === 'success')}
        autoCloseMs={SUCCESS_AUTO_CLOSE_MS}
      />
    </>
  );
}
