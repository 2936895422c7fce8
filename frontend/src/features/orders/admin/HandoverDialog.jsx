import { useId, useState } from 'react';
import Modal from '../../../components/Modal';
import { FormModalActions } from '../../../components/FormModalActions';
import { SignaturePad } from '../../../components/SignaturePad';
import { actionFailureMessage } from '../../../lib/messages';
import { useToast } from '../../../lib/toast';
import { IdNotice } from '../components/OrderCard';
import { useHandOver } from './api';
import { FAILED_REASONS, ID_TYPES, fieldsFor, handoverMessages, missingFields } from './handoverChecks';
import './handover.css';

const errorText = (value) => (Array.isArray(value) ? value.join(' ') : value || null);

function FieldError({ id, message }) {
  return message ? (
    <p className="admin-field-error" id={id}>
      {message}
    </p>
  ) : null;
}

// A written check: the recipient's name, or the buyer's home address.
function TextCheck({ formId, name, label, values, errors, set, disabled, multiline = false }) {
  const err = errorText(errors[name]);
  const Input = multiline ? 'textarea' : 'input';
  return (
    <>
      <label className="admin-label" htmlFor={`${formId}-${name}`}>
        {label}
      </label>
      <Input
        id={`${formId}-${name}`}
        className="admin-input"
        autoComplete="off"
        rows={multiline ? 2 : undefined}
        value={values[name]}
        onChange={set(name)}
        disabled={disabled}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${formId}-${name}-error` : undefined}
      />
      <FieldError id={`${formId}-${name}-error`} message={err} />
    </>
  );
}

// The rules' messages to read out or check before handing over (printed warnings, the ID).
function Warnings({ order }) {
  const messages = handoverMessages(order);
  if (!messages.length) return null;
  return (
    <ul className="handover-warnings" aria-label="Read before handing over">
      {messages.map((text) => (
        <li key={text} className="handover-warning">
          {text}
        </li>
      ))}
    </ul>
  );
}

// The checks an order's rules ask at the door or the counter: each field only when asked.
function CheckFields({ formId, fields, values, errors, onChange, disabled }) {
  const set = (name) => (event) => onChange(name, event.target.value);
  const err = (name) => errorText(errors[name]);
  const described = (name) => (err(name) ? `${formId}-${name}-error` : undefined);
  return (
    <>
      {fields.includes('idType') ? (
        <>
          <label className="admin-label" htmlFor={`${formId}-idType`}>
            ID type
          </label>
          <select
            id={`${formId}-idType`}
            className="admin-input"
            value={values.idType}
            onChange={set('idType')}
            disabled={disabled}
            aria-invalid={err('idType') ? true : undefined}
            aria-describedby={described('idType')}
          >
            <option value="">Choose the ID seen</option>
            {ID_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <FieldError id={`${formId}-idType-error`} message={err('idType')} />
        </>
      ) : null}
      {fields.includes('birthYear') ? (
        <>
          <label className="admin-label" htmlFor={`${formId}-birthYear`}>
            Year of birth on the ID
          </label>
          <input
            id={`${formId}-birthYear`}
            className="admin-input"
            inputMode="numeric"
            maxLength={4}
            value={values.birthYear}
            onChange={set('birthYear')}
            disabled={disabled}
            aria-invalid={err('birthYear') ? true : undefined}
            aria-describedby={described('birthYear')}
          />
          <FieldError id={`${formId}-birthYear-error`} message={err('birthYear')} />
        </>
      ) : null}
      {fields.includes('recipientName') ? (
        <TextCheck
          formId={formId}
          name="recipientName"
          label="Recipient's name"
          values={values}
          errors={errors}
          set={set}
          disabled={disabled}
        />
      ) : null}
      {fields.includes('homeAddress') ? (
        <TextCheck
          formId={formId}
          name="homeAddress"
          label="Buyer's home address (as on the ID)"
          values={values}
          errors={errors}
          set={set}
          disabled={disabled}
          multiline
        />
      ) : null}
      {fields.includes('signature') ? (
        <>
          <span className="admin-label">Recipient&apos;s signature</span>
          <SignaturePad
            label="Recipient's signature"
            onChange={(url) => onChange('signature', url || '')}
            disabled={disabled}
            invalid={Boolean(err('signature'))}
            describedBy={described('signature')}
          />
          <FieldError id={`${formId}-signature-error`} message={err('signature')} />
        </>
      ) : null}
    </>
  );
}

// Why a delivery failed, and whether the order waits for another try or is cancelled.
function FailedFields({ formId, values, errors, onChange, disabled }) {
  return (
    <>
      <fieldset className="handover-choices">
        <legend className="admin-label">Why</legend>
        {FAILED_REASONS.map((reason) => (
          <label key={reason} className="handover-choice">
            <input
              type="radio"
              name={`${formId}-reason`}
              value={reason}
              checked={values.reason === reason}
              onChange={() => onChange('reason', reason)}
              disabled={disabled}
            />
            {reason}
          </label>
        ))}
        <FieldError id={`${formId}-reason-error`} message={errorText(errors.reason)} />
      </fieldset>
      <fieldset className="handover-choices">
        <legend className="admin-label">The order</legend>
        <label className="handover-choice">
          <input
            type="radio"
            name={`${formId}-cancel`}
            checked={!values.cancel}
            onChange={() => onChange('cancel', false)}
            disabled={disabled}
          />
          Keep it pending (try again)
        </label>
        <label className="handover-choice">
          <input
            type="radio"
            name={`${formId}-cancel`}
            checked={values.cancel}
            onChange={() => onChange('cancel', true)}
            disabled={disabled}
          />
          Cancel it and return the stock
        </label>
      </fieldset>
    </>
  );
}

const EMPTY = { idType: '', birthYear: '', recipientName: '', homeAddress: '', signature: '', reason: '', cancel: false };

// What is sent: the outcome with the fields shown (a failure's reason and choice).
function handoverBody(outcome, fields, values) {
  if (outcome === 'failed') return { outcome, reason: values.reason, cancel: values.cancel };
  const body = { outcome };
  fields.forEach((name) => {
    const value = String(values[name]).trim();
    body[name] = name === 'birthYear' ? Number(value) : value;
  });
  return body;
}

const SUCCESS = { delivered: 'Order handed over', failed: 'Failed delivery recorded' };

// Hand an order over (`outcome` "delivered") asking what its `checks` require and refusing to
// send without it, or record a delivery that failed ("failed"). The server checks again and
// names in its 400 any field still missing, which the form then shows.
function HandoverForm({ order, outcome, onClose, onDone }) {
  const formId = useId();
  const toast = useToast();
  const handOver = useHandOver();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState(null);
  const fields = outcome === 'delivered' ? fieldsFor(order.checks, errors) : [];
  const saving = handOver.isPending;
  // A field's message goes once the staff member changes it.
  const change = (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const submit = async (event) => {
    event.preventDefault();
    if (saving) return;
    const missing = missingFields(outcome, fields, values);
    setErrors(missing);
    if (Object.keys(missing).length) {
      setMessage(outcome === 'failed' ? 'Choose why the delivery failed.' : 'Complete every check before handing the order over.');
      return;
    }
    setMessage(null);
    try {
      const answer = await handOver.mutateAsync({ orderId: order.id, handover: handoverBody(outcome, fields, values) });
      toast.success(answer?.message || SUCCESS[outcome]);
      onDone?.(answer?.order);
      onClose();
    } catch (err) {
      setErrors(err?.errors ?? {});
      setMessage(actionFailureMessage(err, 'The hand-over was not recorded', 'Network error: the hand-over was not recorded.'));
    }
  };

  const title = outcome === 'failed' ? `Could not deliver order #${order.id}` : `Hand over order #${order.id}`;
  const label = outcome === 'failed' ? 'Record failed delivery' : 'Complete hand-over';
  return (
    <Modal
      open
      onClose={saving ? () => {} : onClose}
      title={title}
      size="md"
      className="handover-dialog"
      footer={<FormModalActions formId={formId} saving={saving} onCancel={onClose} label={label} />}
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate>
        <p className="admin-muted">{order.customerName || order.userEmail}</p>
        {outcome === 'delivered' ? <IdNotice order={order} /> : null}
        {outcome === 'delivered' ? <Warnings order={order} /> : null}
        {outcome === 'delivered' && !fields.length ? <p>No check is needed for this order.</p> : null}
        {outcome === 'delivered' ? (
          <CheckFields formId={formId} fields={fields} values={values} errors={errors} onChange={change} disabled={saving} />
        ) : (
          <FailedFields formId={formId} values={values} errors={errors} onChange={change} disabled={saving} />
        )}
        {message ? (
          <p className="admin-form-error" role="alert">
            {message}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

// Mounted only while open, so every opening starts empty.
export function HandoverDialog({ order, outcome = 'delivered', onClose, onDone }) {
  return order ? <HandoverForm key={`${order.id}-${outcome}`} order={order} outcome={outcome} onClose={onClose} onDone={onDone} /> : null;
}

export default HandoverDialog;
