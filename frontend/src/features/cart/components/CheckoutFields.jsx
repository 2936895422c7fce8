import { useDeliveryZipCheck } from '../api';
import { deliveryDateBounds, deliveryTimes } from '../saleRules';

export function Field({ id, label, error, children, hint }) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
    </div>
  );
}

// Whether local delivery serves the ZIP being typed, in the server's words, as soon as the
// shopper pauses.
function ZipStatus({ zip }) {
  const check = useDeliveryZipCheck(zip);
  return (
    <p
      id="checkout-zip-status"
      role="status"
      className={`form-hint${check ? (check.served ? ' form-hint--ok' : ' form-hint--bad') : ''}`}
      data-served={check ? String(check.served) : undefined}
    >
      {check ? check.message : ''}
    </p>
  );
}

// Address, ZIP code, phone, date and time of a local delivery (the fields the option needs).
// `input(name)` gives a field's value, change handler and error state; the date and time offered
// are the ones the served rules allow.
export function AppointmentFields({ form, rules, today, input, invalid, onChange }) {
  const { min, max } = deliveryDateBounds(rules, today);
  const times = deliveryTimes(rules, form.deliveryDate);
  const noTimes = Boolean(form.deliveryDate) && times.length === 0 && Boolean(rules?.deliveryHours);
  const zip = input('deliveryZip');
  const date = input('deliveryDate');

  // A time that the new day does not offer is dropped, so the shopper picks again.
  const changeDate = (event) => {
    const value = event.target.value;
    const kept = deliveryTimes(rules, value).some((t) => t.value === form.deliveryTime);
    date.onChange(event);
    if (!kept && form.deliveryTime) onChange({ ...form, deliveryDate: value, deliveryTime: '' });
  };

  return (
    <>
      <Field id="checkout-deliveryZip" label="ZIP Code" error={invalid('deliveryZip')} hint={<ZipStatus zip={form.deliveryZip} />}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          {...zip}
          aria-describedby={[zip['aria-describedby'], 'checkout-zip-status'].filter(Boolean).join(' ')}
        />
      </Field>
      <Field id="checkout-phoneNumber" label="Phone Number" error={invalid('phoneNumber')}>
        <input type="tel" autoComplete="tel" {...input('phoneNumber')} />
      </Field>
      <div className="form-row">
        <Field id="checkout-deliveryDate" label="Delivery Date" error={invalid('deliveryDate')}>
          <input type="date" min={min} max={max || undefined} {...date} onChange={changeDate} />
        </Field>
        <Field
          id="checkout-deliveryTime"
          label="Delivery Time"
          error={invalid('deliveryTime')}
          hint={
            noTimes ? <p className="form-hint form-hint--bad">No delivery times are left on this day. Please choose a later date.</p> : null
          }
        >
          <select {...input('deliveryTime')}>
            <option value="">Select a time</option>
            {times.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
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
export function AgeConfirmation({ names, notice, checked, invalid, onToggle }) {
  return (
    <div className={`age-confirm${invalid ? ' age-confirm--invalid' : ''}`}>
      <label className="age-confirm__label">
        <input
          type="checkbox"
          name="ageConfirmed"
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={`checkout-age-hint${invalid ? ' checkout-error' : ''}`}
        />
        <span>I am 21 or older</span>
      </label>
      <p className="form-hint" id="checkout-age-hint">
        {names.length > 0 ? `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} sold to adults only. ` : ''}
        Tick this to confirm that you, the person placing this order, are at least 21 years old.
      </p>
      {/* The served ID sentence of the chosen option (shop info's idNotices). */}
      {notice && <p className="age-confirm__notice">{notice}</p>}
    </div>
  );
}
