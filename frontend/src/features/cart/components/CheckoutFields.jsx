import { useEffect } from 'react';
import { formatClock } from '../../../lib/format';
import { useDeliveryZipCheck, usePhoneCheck } from '../api';

// A field with its label and one line under it: the refusal when the field is at fault (the
// input's aria-describedby names it), else its hint.
export function Field({ id, label, error, children, hint }) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}

// A live line under a field: the server's word on what is typed (announced politely).
function Status({ id, message, ok }) {
  return (
    <p id={id} role="status" className={`form-hint${message ? (ok ? ' form-hint--ok' : ' form-hint--bad') : ''}`}>
      {message}
    </p>
  );
}

// The input's description: the refusal when at fault, else the live status line.
const describedBy = (field, statusId) => field['aria-describedby'] || statusId;

function ZipField({ form, input, error }) {
  const zip = input('deliveryZip');
  const check = useDeliveryZipCheck(form.deliveryZip);
  return (
    <Field
      id="checkout-deliveryZip"
      label="ZIP Code"
      error={error('deliveryZip')}
      hint={<Status id="checkout-zip-status" message={check?.message} ok={check?.served} />}
    >
      <input
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        {...zip}
        aria-describedby={describedBy(zip, 'checkout-zip-status')}
        data-served={check ? String(check.served) : undefined}
      />
    </Field>
  );
}

// Checked by the server's rule once the shopper pauses, so a mistyped number shows before
// Place Order.
export function PhoneField({ form, input, error, label = 'Phone Number' }) {
  const phone = input('phoneNumber');
  const check = usePhoneCheck(form.phoneNumber);
  const bad = check && !check.valid ? check.message : '';
  return (
    <Field id="checkout-phoneNumber" label={label} error={error('phoneNumber')} hint={<Status id="checkout-phone-status" message={bad} />}>
      <input
        type="tel"
        autoComplete="tel"
        {...phone}
        aria-invalid={phone['aria-invalid'] || (bad ? 'true' : undefined)}
        aria-describedby={describedBy(phone, 'checkout-phone-status')}
      />
    </Field>
  );
}

function DateField({ form, bounds, day, input, error }) {
  const date = input('deliveryDate');
  const said = form.deliveryDate ? day.problem : '';
  return (
    <Field
      id="checkout-deliveryDate"
      label="Delivery Date"
      error={error('deliveryDate')}
      hint={<Status id="checkout-date-status" message={said} />}
    >
      <input
        type="date"
        min={bounds.min}
        max={bounds.max || undefined}
        {...date}
        aria-invalid={date['aria-invalid'] || (said ? 'true' : undefined)}
        aria-describedby={describedBy(date, 'checkout-date-status')}
      />
    </Field>
  );
}

// Address, ZIP code, phone, date and time of a local delivery (the fields the option needs).
// `input(name)` gives a field's value, change handler and error state; `error(name)` the refusal
// to show there. The dates offered are the served range, the times the server's for that day
// (`day`: {times, problem, isLoaded}).
export function AppointmentFields({ form, bounds, day, input, error, onChange }) {
  // A time the new day does not offer is dropped, so the shopper picks again.
  const { deliveryTime } = form;
  const dropTime = Boolean(day.isLoaded && deliveryTime && !day.times.includes(deliveryTime));
  useEffect(() => {
    if (dropTime) onChange((current) => ({ ...current, deliveryTime: '' }));
  }, [dropTime, onChange]);

  return (
    <>
      <ZipField form={form} input={input} error={error} />
      <PhoneField form={form} input={input} error={error} />
      <div className="form-row">
        <DateField form={form} bounds={bounds} day={day} input={input} error={error} />
        <Field id="checkout-deliveryTime" label="Delivery Time" error={error('deliveryTime')}>
          <select {...input('deliveryTime')}>
            <option value="">Select a time</option>
            {day.times.map((time) => (
              <option key={time} value={time}>
                {formatClock(time)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </>
  );
}

// The 21+ confirmation, shown when the cart holds an age-restricted product (or the server asked
// for it). It confirms one thing: the person ordering is 21 or older.
export function AgeConfirmation({ names, notice, checked, error, onToggle }) {
  return (
    <div className={`age-confirm${error ? ' age-confirm--invalid' : ''}`}>
      <label className="age-confirm__label">
        <input
          type="checkbox"
          name="ageConfirmed"
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={`checkout-age-hint${error ? ' checkout-ageConfirmed-error' : ''}`}
        />
        <span>I am 21 or older</span>
      </label>
      <p className="form-hint" id="checkout-age-hint">
        {names.length > 0 ? `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} sold to adults only. ` : ''}
        Tick this to confirm that you, the person placing this order, are at least 21 years old.
      </p>
      {error && (
        <p className="form-error" role="alert" id="checkout-ageConfirmed-error">
          {error}
        </p>
      )}
      {/* The served ID sentence of the chosen option (shop info's idNotices). */}
      {notice && <p className="age-confirm__notice">{notice}</p>}
    </div>
  );
}
