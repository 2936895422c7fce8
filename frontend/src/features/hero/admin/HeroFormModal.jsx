import { useEffect, useId, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { IMAGE_REQUIRED } from './api';
import { FormModalActions } from '../../../components/FormModalActions';

function initialValues(hero, nextOrder) {
  return {
    title: hero?.title ?? '',
    description: hero?.description ?? '',
    alt_text: hero?.alt_text ?? '',
    display_order: hero ? hero.display_order + 1 : nextOrder,
    is_active: hero ? Boolean(hero.is_active) : true,
    image_url: hero?.image_url ?? '',
  };
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

  const set = (field) => (event) => {
    const value = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
  };

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
        <input id={`${formId}-alt`} className="admin-input" value={values.alt_text} onChange={set('alt_text')} disabled={saving} />
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
        <div className="admin-hero-preview" aria-hidden={!shown}>
          {shown && <img src={shown} alt="Preview" />}
        </div>
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
