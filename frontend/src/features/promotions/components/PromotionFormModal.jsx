import { useRef } from 'react';
import { FieldsetError, FormField } from '../../../components/FormField';
import { FormModal, useModalForm } from '../../../components/FormModal';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { useSavePromotion } from '../api';
import { KINDS, toBody, toForm } from '../promotionForm';

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
      <FieldsetError message={error} />
    </fieldset>
  );
}

// The fields of the promotion's limits: minimum, dates, uses, what it applies to.
function LimitFields({ formId, form, input, set, error }) {
  return (
    <>
      <div className="admin-form-row">
        <FormField id={`${formId}-minSubtotal`} label="Minimum subtotal" error={error('minSubtotal')} hint="Empty: no minimum">
          <input type="number" step="0.01" min="0" {...input('minSubtotal')} />
        </FormField>
        <FormField id={`${formId}-startsAt`} label="Starts (shop time)" error={error('startsAt')} hint="Empty: at once">
          <input type="datetime-local" {...input('startsAt')} />
        </FormField>
        <FormField id={`${formId}-endsAt`} label="Ends (shop time)" error={error('endsAt')} hint="Empty: never">
          <input type="datetime-local" {...input('endsAt')} />
        </FormField>
      </div>
      <div className="admin-form-row">
        <FormField id={`${formId}-maxUses`} label="Uses in all" error={error('maxUses')} hint="Empty: no limit">
          <input type="number" step="1" min="1" {...input('maxUses')} />
        </FormField>
        <FormField id={`${formId}-maxUsesPerCustomer`} label="Uses per customer" error={error('maxUsesPerCustomer')} hint="Empty: no limit">
          <input type="number" step="1" min="1" {...input('maxUsesPerCustomer')} />
        </FormField>
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
      <FormField
        id={`${formId}-products`}
        label="Only for these products (SKU numbers)"
        error={error('products')}
        hint="Separated by commas"
      >
        <input type="text" {...input('products')} />
      </FormField>
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
  const codeRef = useRef(null);
  const save = useSavePromotion();
  const toast = useToast();
  const { formId, form, set, error, input, message, submitWith } = useModalForm(() => toForm(promotion));
  const submit = submitWith(save, () => ({ id: promotion?.id, body: toBody(form) }), {
    onSaved: (saved) => {
      toast.success(`Promotion ${saved?.code || form.code.trim()} saved`);
      onClose();
    },
    failure: 'Failed to save the promotion',
  });

  return (
    <FormModal
      formId={formId}
      title={promotion ? `Edit ${promotion.code}` : 'New promotion'}
      label="Save promotion"
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      initialFocusRef={codeRef}
      message={message}
    >
      <div className="admin-form-row">
        <FormField id={`${formId}-code`} label="Code" error={error('code')}>
          <input type="text" ref={codeRef} autoComplete="off" {...input('code')} />
        </FormField>
        <FormField id={`${formId}-kind`} label="Kind" error={error('kind')}>
          <select {...input('kind')}>
            {KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </FormField>
        {form.kind !== 'free_delivery' && (
          <FormField id={`${formId}-value`} label={form.kind === 'percent' ? 'Percent off' : 'Amount off ($)'} error={error('value')}>
            <input type="number" step="0.01" min="0" {...input('value')} />
          </FormField>
        )}
      </div>
      <LimitFields formId={formId} form={form} input={input} set={set} error={error} />
      <label className="admin-check">
        <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active (untick to pause)
      </label>
    </FormModal>
  );
}

export default PromotionFormModal;
