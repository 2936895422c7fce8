import { useId, useRef, useState } from 'react';
import { FormModalActions } from '../../../components/FormModalActions';
import Modal from '../../../components/Modal';
import { serverMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { useSaveRule } from '../api';
import { ACTIONS, ATTRIBUTES, REQUIREMENTS, asksAtHandover, fieldError, toBody, toForm } from '../ruleForm';

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

function FieldsetError({ message }) {
  return message ? (
    <p className="admin-field-error" role="alert">
      {message}
    </p>
  ) : null;
}

// What the rule applies to: an attribute, a category, or both (both must hold).
function AppliesFields({ formId, input, error }) {
  const { categories } = useCategories();
  return (
    <fieldset className="admin-fieldset">
      <legend>Applies to (both given: both must hold)</legend>
      <div className="admin-form-row">
        <Field id={`${formId}-attribute`} label="Attribute" error={error('applies.attribute')}>
          <select {...input('attribute', 'applies.attribute')}>
            <option value="">Any</option>
            {ATTRIBUTES.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${formId}-category`} label="Category" error={error('applies.category')}>
          <select {...input('category', 'applies.category')}>
            <option value="">Any</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
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
        <Field id={`${formId}-state`} label="State" error={error('where.state')} hint="Two letters, like CA">
          <input type="text" maxLength={2} autoComplete="off" {...input('state', 'where.state')} />
        </Field>
        <Field id={`${formId}-cities`} label="Cities" error={error('where.cities')} hint="Separated by commas">
          <input type="text" autoComplete="off" {...input('cities', 'where.cities')} />
        </Field>
        <Field id={`${formId}-zips`} label="ZIP codes" error={error('where.zips')} hint="Separated by commas">
          <input type="text" inputMode="numeric" autoComplete="off" {...input('zips', 'where.zips')} />
        </Field>
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
  const formId = useId();
  const nameRef = useRef(null);
  const save = useSaveRule();
  const toast = useToast();
  const [form, setForm] = useState(() => toForm(rule));
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const set = (name, value) => setForm((current) => ({ ...current, [name]: value }));
  const error = (path) => fieldError(errors, path);
  // `path` is where the server names the field (`where.state`), `name` the form's own.
  const input = (name, path = name) => ({
    id: `${formId}-${name}`,
    name,
    className: 'admin-input',
    value: form[name],
    onChange: (event) => set(name, event.target.value),
    'aria-invalid': error(path) ? true : undefined,
    'aria-describedby': error(path) ? `${formId}-${name}-error` : undefined,
  });

  const submit = (event) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    save.mutate(
      { id: rule?.id, body: toBody(form) },
      {
        onSuccess: (saved) => {
          toast.success(`Rule "${saved?.name || form.name.trim()}" saved`);
          onClose();
        },
        onError: (err) => {
          setErrors(err?.errors || {});
          setMessage(serverMessage(err, 'Failed to save the rule'));
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={save.isPending ? () => {} : onClose}
      title={rule ? `Edit ${rule.name}` : 'New rule'}
      size="lg"
      initialFocusRef={nameRef}
      footer={<FormModalActions formId={formId} saving={save.isPending} onCancel={onClose} label="Save rule" />}
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
        <Field id={`${formId}-name`} label="Name" error={error('name')}>
          <input type="text" ref={nameRef} autoComplete="off" {...input('name')} />
        </Field>
        <AppliesFields formId={formId} input={input} error={error} />
        <WhereFields formId={formId} form={form} input={input} set={set} error={error} />
        <div className="admin-form-row">
          <Field id={`${formId}-from`} label="From" error={error('from')} hint="Empty: already">
            <input type="date" {...input('from')} />
          </Field>
          <Field id={`${formId}-until`} label="Until" error={error('until')} hint="Empty: no end">
            <input type="date" {...input('until')} />
          </Field>
          <Field id={`${formId}-action`} label="Action" error={error('action')}>
            <select {...input('action')}>
              {ACTIONS.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={`${formId}-message`} label="Message" error={error('message')} hint="What the shopper or the person handing over reads">
          <textarea rows={2} {...input('message')} />
        </Field>
        <RequiresFields form={form} set={set} error={error} />
        <Field id={`${formId}-source`} label="Source" error={error('source')} hint="The law or notice the rule follows">
          <textarea rows={2} {...input('source')} />
        </Field>
        <label className="admin-check">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active (untick to switch off)
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

export default RuleFormModal;
