import { useId, useRef, useState } from 'react';
import { FormModalActions } from '../../../components/FormModalActions';
import Modal from '../../../components/Modal';
import { serverMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { useSavePromotion } from '../api';
import { KINDS, toBody, toForm } from '../promotionForm';

function Field({ id, label, error, hint, children }) {
  return (
    <div>
      <label className="admin-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && <p className="admin-hint">{hint}</p>}
      {error && (
        <p className="admin-field-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

// Categories as ticks: those the code is limited to, or those it leaves out.
function CategoryTicks({ legend, chosen, onChange, error }) {
  const { categories } = useCategories();
  const toggle = (id, on) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      <div className="admin-form-row">
        {categories.map((c) => (
          <label key={c.id} className="admin-check">
            <input type="checkbox" checked={chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} /> {c.name}
          </label>
        ))}
      </div>
      {error && (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

// The fields of the promotion's limits: minimum, dates, uses, what it applies to.
function LimitFields({ formId, form, input, set, error }) {
  return (
    <>
      <div className="admin-form-row">
        <Field id={`${formId}-minSubtotal`} label="Minimum subtotal" error={error('minSubtotal')} hint="Empty: no minimum">
          <input type="number" step="0.01" min="0" {...input('minSubtotal')} />
        </Field>
        <Field id={`${formId}-startsAt`} label="Starts (shop time)" error={error('startsAt')} hint="Empty: at once">
          <input type="datetime-local" {...input('startsAt')} />
        </Field>
        <Field id={`${formId}-endsAt`} label="Ends (shop time)" error={error('endsAt')} hint="Empty: never">
          <input type="datetime-local" {...input('endsAt')} />
        </Field>
      </div>
      <div className="admin-form-row">
        <Field id={`${formId}-maxUses`} label="Uses in all" error={error('maxUses')} hint="Empty: no limit">
          <input type="number" step="1" min="1" {...input('maxUses')} />
        </Field>
        <Field id={`${formId}-maxUsesPerCustomer`} label="Uses per customer" error={error('maxUsesPerCustomer')} hint="Empty: no limit">
          <input type="number" step="1" min="1" {...input('maxUsesPerCustomer')} />
        </Field>
      </div>
      <CategoryTicks
        legend="Only for these categories (none ticked: every category)"
        chosen={form.categories}
        onChange={(value) => set('categories', value)}
        error={error('categories')}
      />
      <CategoryTicks
        legend="Never for these categories"
        chosen={form.excludeCategories}
        onChange={(value) => set('excludeCategories', value)}
        error={error('excludeCategories')}
      />
      <Field id={`${formId}-products`} label="Only for these products (SKU numbers)" error={error('products')} hint="Separated by commas">
        <input type="text" {...input('products')} />
      </Field>
      <label className="admin-check">
        <input type="checkbox" checked={form.includeNicotine} onChange={(e) => set('includeNicotine', e.target.checked)} /> Include nicotine
        products (several California cities restrict discounts on tobacco)
      </label>
    </>
  );
}

// Create (promotion = null) or edit a promotion. The server's field messages land beside each
// field; anything else at the foot of the form.
export function PromotionFormModal({ promotion, onClose }) {
  const formId = useId();
  const codeRef = useRef(null);
  const save = useSavePromotion();
  const toast = useToast();
  const [form, setForm] = useState(() => toForm(promotion));
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const set = (name, value) => setForm((current) => ({ ...current, [name]: value }));
  const error = (name) => errors[name]?.[0] || '';
  const input = (name) => ({
    id: `${formId}-${name}`,
    name,
    className: 'admin-input',
    value: form[name],
    onChange: (event) => set(name, event.target.value),
    'aria-invalid': error(name) ? true : undefined,
    'aria-describedby': error(name) ? `${formId}-${name}-error` : undefined,
  });

  const submit = (event) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    save.mutate(
      { id: promotion?.id, body: toBody(form) },
      {
        onSuccess: (saved) => {
          toast.success(`Promotion ${saved?.code || form.code.trim()} saved`);
          onClose();
        },
        onError: (err) => {
          setErrors(err?.errors || {});
          setMessage(serverMessage(err, 'Failed to save the promotion'));
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={save.isPending ? () => {} : onClose}
      title={promotion ? `Edit ${promotion.code}` : 'New promotion'}
      size="lg"
      initialFocusRef={codeRef}
      footer={<FormModalActions formId={formId} saving={save.isPending} onCancel={onClose} label="Save promotion" />}
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
        <div className="admin-form-row">
          <Field id={`${formId}-code`} label="Code" error={error('code')}>
            <input type="text" ref={codeRef} autoComplete="off" {...input('code')} />
          </Field>
          <Field id={`${formId}-kind`} label="Kind" error={error('kind')}>
            <select {...input('kind')}>
              {KINDS.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label}
                </option>
              ))}
            </select>
          </Field>
          {form.kind !== 'free_delivery' && (
            <Field id={`${formId}-value`} label={form.kind === 'percent' ? 'Percent off' : 'Amount off ($)'} error={error('value')}>
              <input type="number" step="0.01" min="0" {...input('value')} />
            </Field>
          )}
        </div>
        <LimitFields formId={formId} form={form} input={input} set={set} error={error} />
        <label className="admin-check">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active (untick to pause)
        </label>
        {message && (
          <p className="admin-form-error" role="alert">
            {message}
          </p>
        )}
      </form>
    </Modal>
  );
}

export default PromotionFormModal;
