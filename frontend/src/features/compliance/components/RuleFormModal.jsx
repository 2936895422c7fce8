import { useRef } from 'react';
import { FieldsetError, FormField } from '../../../components/FormField';
import { FormModal, useModalForm } from '../../../components/FormModal';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { useSaveRule } from '../api';
import { ACTIONS, ATTRIBUTES, REQUIREMENTS, asksAtHandover, fieldError, toBody, toForm } from '../ruleForm';

// What the rule applies to: an attribute, a category, or both (both must hold).
function AppliesFields({ formId, input, error }) {
  const { categories } = useCategories();
  return (
    <fieldset className="admin-fieldset">
      <legend>Applies to (both given: both must hold)</legend>
      <div className="admin-form-row">
        <FormField id={`${formId}-attribute`} label="Attribute" error={error('applies.attribute')}>
          <select {...input('attribute', 'applies.attribute')}>
            <option value="">Any</option>
            {ATTRIBUTES.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${formId}-category`} label="Category" error={error('applies.category')}>
          <select {...input('category', 'applies.category')}>
            <option value="">Any</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FieldsetError message={error('applies')} />
    </fieldset>
  );
}

// Where: nothing given is everywhere; each key given must hold (cities or ZIP codes).
function WhereFields({ formId, form, input, set, error }) {
  return (
    <fieldset className="admin-fieldset">
      <legend>Where (nothing given: everywhere)</legend>
      <div className="admin-form-row">
        <FormField id={`${formId}-state`} label="State" error={error('where.state')} hint="Two letters, like CA">
          <input type="text" maxLength={2} autoComplete="off" {...input('state', 'where.state')} />
        </FormField>
        <FormField id={`${formId}-cities`} label="Cities" error={error('where.cities')} hint="Separated by commas">
          <input type="text" autoComplete="off" {...input('cities', 'where.cities')} />
        </FormField>
        <FormField id={`${formId}-zips`} label="ZIP codes" error={error('where.zips')} hint="Separated by commas">
          <input type="text" inputMode="numeric" autoComplete="off" {...input('zips', 'where.zips')} />
        </FormField>
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={form.counter} onChange={(e) => set('counter', e.target.checked)} /> Pickup at the shop&apos;s
        counter only
      </label>
      <FieldsetError message={error('where.counter') || error('where')} />
    </fieldset>
  );
}

// What a hand-over must record under this rule.
function RequiresFields({ form, set, error }) {
  if (!asksAtHandover(form.action)) return null;
  const toggle = (id, on) => set('requires', on ? [...form.requires, id] : form.requires.filter((r) => r !== id));
  return (
    <fieldset className="admin-fieldset">
      <legend>Recorded at hand-over</legend>
      <div className="admin-form-row">
        {REQUIREMENTS.map((r) => (
          <label key={r.id} className="admin-check">
            <input type="checkbox" checked={form.requires.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} /> {r.label}
          </label>
        ))}
      </div>
      <FieldsetError message={error('requires')} />
    </fieldset>
  );
}

// Create (rule = null) or edit a rule. The server's field messages land beside each field,
// anything else at the foot of the form.
export function RuleFormModal({ rule, onClose }) {
  const nameRef = useRef(null);
  const save = useSaveRule();
  const toast = useToast();
  const { formId, form, set, error, input, message, submitWith } = useModalForm(() => toForm(rule), fieldError);
  const submit = submitWith(save, () => ({ id: rule?.id, body: toBody(form) }), {
    onSaved: (saved) => {
      toast.success(`Rule "${saved?.name || form.name.trim()}" saved`);
      onClose();
    },
    failure: 'Failed to save the rule',
  });

  return (
    <FormModal
      formId={formId}
      title={rule ? `Edit ${rule.name}` : 'New rule'}
      label="Save rule"
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      initialFocusRef={nameRef}
      message={message}
    >
      <FormField id={`${formId}-name`} label="Name" error={error('name')}>
        <input type="text" ref={nameRef} autoComplete="off" {...input('name')} />
      </FormField>
      <AppliesFields formId={formId} input={input} error={error} />
      <WhereFields formId={formId} form={form} input={input} set={set} error={error} />
      <div className="admin-form-row">
        <FormField id={`${formId}-from`} label="From" error={error('from')} hint="Empty: already">
          <input type="date" {...input('from')} />
        </FormField>
        <FormField id={`${formId}-until`} label="Until" error={error('until')} hint="Empty: no end">
          <input type="date" {...input('until')} />
        </FormField>
        <FormField id={`${formId}-action`} label="Action" error={error('action')}>
          <select {...input('action')}>
            {ACTIONS.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id={`${formId}-message`} label="Message" error={error('message')} hint="What the shopper or the person handing over reads">
        <textarea rows={2} {...input('message')} />
      </FormField>
      <RequiresFields form={form} set={set} error={error} />
      <FormField id={`${formId}-source`} label="Source" error={error('source')} hint="The law or notice the rule follows">
        <textarea rows={2} {...input('source')} />
      </FormField>
      <label className="admin-check">
        <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active (untick to switch off)
      </label>
    </FormModal>
  );
}

export default RuleFormModal;
