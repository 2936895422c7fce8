import { useEffect, useId, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { IMAGE_REQUIRED, focalPointAt } from './api';
import { FormModalActions } from '../../../components/FormModalActions';
import './heroForm.css';

const CENTRE = '50% 50%';

// The form's text fields and their values for a new image.
const EMPTY = { title: '', description: '', alt_text: '', cta_label: '', cta_link: '', object_position: CENTRE, image_url: '' };

function initialValues(hero, nextOrder) {
  if (!hero) return { ...EMPTY, display_order: nextOrder, is_active: true };
  const text = Object.fromEntries(Object.keys(EMPTY).map((field) => [field, hero[field] || EMPTY[field]]));
  return { ...text, display_order: hero.display_order + 1, is_active: Boolean(hero.is_active) };
}

// The slide's button: its words and where it goes (both or neither; the server checks).
function ButtonFields({ formId, values, set, disabled }) {
  return (
    <div className="admin-form-row">
      <div>
        <label className="admin-label" htmlFor={`${formId}-cta-label`}>
          Button label
        </label>
        <input
          id={`${formId}-cta-label`}
          className="admin-input"
          value={values.cta_label}
          onChange={set('cta_label')}
          placeholder="Shop now"
          disabled={disabled}
        />
      </div>
      <div>
        <label className="admin-label" htmlFor={`${formId}-cta-link`}>
          Button link
        </label>
        <input
          id={`${formId}-cta-link`}
          className="admin-input"
          type="text"
          inputMode="url"
          value={values.cta_link}
          onChange={set('cta_link')}
          placeholder="/?category=... or https://..."
          disabled={disabled}
        />
      </div>
    </div>
  );
}

// The focal point: typed as "x% y%", or set by clicking the subject on the whole picture. The
// crops below show the slide as a wide screen and a phone will, cropped around that point.
function FocalPoint({ formId, src, value, onChange, disabled }) {
  const position = value.trim() || CENTRE;
  const pick = (event) => {
    if (event.detail === 0) return; // a key press has no point: the field below is for keys
    onChange(focalPointAt(event, event.currentTarget.getBoundingClientRect()));
  };
  const [x, y] = position.split(' ');
  return (
    <>
      <label className="admin-label" htmlFor={`${formId}-focal`}>
        Focal point
      </label>
      <input
        id={`${formId}-focal`}
        className="admin-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={CENTRE}
        disabled={disabled}
        aria-describedby={`${formId}-focal-hint`}
      />
      <p id={`${formId}-focal-hint`} className="admin-hint">
        The part of the picture kept in view when a screen crops it, as &ldquo;x% y%&rdquo; (0% 0% is the top left). Or click the picture
        where its subject is.
      </p>
      {src ? (
        <div className="hero-focal">
          <button type="button" className="hero-focal__picker" onClick={pick} disabled={disabled} tabIndex={-1}>
            <img src={src} alt="Preview" />
            <span className="hero-focal__mark" style={{ left: x, top: y }} aria-hidden="true" />
          </button>
          <div className="hero-focal__crops" aria-label="How the slide is cropped" role="group">
            <img className="hero-focal__crop hero-focal__crop--wide" src={src} alt="" style={{ objectPosition: position }} />
            <img className="hero-focal__crop hero-focal__crop--phone" src={src} alt="" style={{ objectPosition: position }} />
          </div>
        </div>
      ) : null}
    </>
  );
}

// Add or edit one hero image; onSubmit(values, file) returns a promise and throws to keep the
// modal open; `saving` is the save mutation's isPending.
function HeroForm({ hero, nextOrder, onClose, onSubmit, saving }) {
  const formId = useId();
  const titleRef = useRef(null);
  const [values, setValues] = useState(() => initialValues(hero, nextOrder));
  const [file, setFile] = useState(null);
  const [preview, setPreview] = useState(null);
  const [error, setError] = useState(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const setField = (field) => (value) => setValues((prev) => ({ ...prev, [field]: value }));
  const set = (field) => (event) => setField(field)(event.target.type === 'checkbox' ? event.target.checked : event.target.value);

  const submit = async (event) => {
    event.preventDefault();
    if (saving) return;
    if (!file && !values.image_url.trim()) {
      setError(IMAGE_REQUIRED);
      return;
    }
    const order = parseInt(values.display_order, 10);
    if (!Number.isFinite(order) || order < 1) {
      setError('Display order must be at least 1');
      return;
    }
    setError(null);
    try {
      await onSubmit({ ...values, display_order: order }, file);
      onClose();
    } catch (err) {
      setError(err.message);
    }
  };

  const footer = <FormModalActions formId={formId} saving={saving} onCancel={onClose} label={hero ? 'Update Image' : 'Add Image'} />;
  const shown = preview || values.image_url.trim();
  return (
    <Modal
      open
      onClose={saving ? () => {} : onClose}
      title={hero ? 'Edit Hero Image' : 'Add Hero Image'}
      size="md"
      footer={footer}
      initialFocusRef={titleRef}
    >
      <form id={formId} className="admin-form" onSubmit={submit} noValidate aria-busy={saving}>
        <label className="admin-label" htmlFor={`${formId}-title`}>
          Title
        </label>
        <input
          id={`${formId}-title`}
          ref={titleRef}
          className="admin-input"
          value={values.title}
          onChange={set('title')}
          disabled={saving}
        />
        <label className="admin-label" htmlFor={`${formId}-description`}>
          Description
        </label>
        <textarea
          id={`${formId}-description`}
          className="admin-input"
          rows={3}
          value={values.description}
          onChange={set('description')}
          disabled={saving}
        />
        <label className="admin-label" htmlFor={`${formId}-alt`}>
          Alt text
        </label>
        <input
          id={`${formId}-alt`}
          className="admin-input"
          value={values.alt_text}
          onChange={set('alt_text')}
          disabled={saving}
          aria-describedby={`${formId}-alt-hint`}
        />
        <p id={`${formId}-alt-hint`} className="admin-hint">
          Describe the picture itself; the title and description are shown over it as text, so draw pictures without lettering.
        </p>
        <ButtonFields formId={formId} values={values} set={set} disabled={saving} />
        <div className="admin-form-row">
          <div>
            <label className="admin-label" htmlFor={`${formId}-order`}>
              Display order
            </label>
            <input
              id={`${formId}-order`}
              className="admin-input"
              type="number"
              min="1"
              step="1"
              value={values.display_order}
              onChange={set('display_order')}
              disabled={saving}
            />
          </div>
          <label className="admin-check">
            <input type="checkbox" checked={values.is_active} onChange={set('is_active')} disabled={saving} />
            <span>Active</span>
          </label>
        </div>
        <label className="admin-label" htmlFor={`${formId}-url`}>
          Image URL
        </label>
        <input
          id={`${formId}-url`}
          className="admin-input"
          type="text"
          inputMode="url"
          value={values.image_url}
          onChange={set('image_url')}
          placeholder="https://..."
          disabled={saving || Boolean(file)}
          aria-describedby={`${formId}-image-hint`}
        />
        <label className="admin-label" htmlFor={`${formId}-file`}>
          Or upload an image
        </label>
        <input
          id={`${formId}-file`}
          type="file"
          accept="image/*"
          onChange={(e) => setFile(e.target.files?.[0] || null)}
          disabled={saving}
        />
        <p id={`${formId}-image-hint`} className="admin-hint">
          An uploaded file replaces the URL.
        </p>
        <FocalPoint formId={formId} src={shown} value={values.object_position} onChange={setField('object_position')} disabled={saving} />
        {error && (
          <p className="admin-form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

export default function HeroFormModal({ open, ...props }) {
  return open ? <HeroForm {...props} /> : null;
}
