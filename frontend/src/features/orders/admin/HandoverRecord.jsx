import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatWhen } from '../../../lib/format';
import { signatureQuery } from './api';
import { handoverRecord } from './handoverChecks';

// The signature drawn at the hand-over, fetched with the staff member's token.
function SignatureImage({ orderId }) {
  const { data: blob, isError } = useQuery(signatureQuery(orderId));
  const [url, setUrl] = useState(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  if (isError) return <dd className="admin-muted">The signature could not be loaded.</dd>;
  return <dd>{url ? <img className="handover-signature" src={url} alt={`Signature for order ${orderId}`} /> : 'Loading...'}</dd>;
}

function Fact({ label, value }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

// What the hand-over recorded, for an inspector: who, when, what was seen, and the signature.
export function HandoverRecord({ order }) {
  if (!order.handedOverAt) return null;
  const record = handoverRecord(order);
  return (
    <section className="handover-record" aria-label={`Hand-over of order ${order.id}`}>
      <h3 className="admin-label">Hand-over record</h3>
      <dl className="admin-details">
        <Fact label="Handed over by" value={order.handedOverBy} />
        <Fact label="When" value={formatWhen(order.handedOverAt)} />
        <Fact label="ID type" value={record.idType} />
        <Fact label="Year of birth" value={record.birthYear} />
        <Fact label="Recipient" value={record.recipientName} />
        <Fact label="Home address" value={record.homeAddress} />
        {record.signed ? (
          <>
            <dt>Signature</dt>
            <SignatureImage orderId={order.id} />
          </>
        ) : null}
      </dl>
    </section>
  );
}

export default HandoverRecord;
