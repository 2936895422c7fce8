import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Modal from '../../../components/Modal';
import { CATEGORIES } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { ImageProcessingError, MAX_IMAGES, prepareImages } from './compressImage';
import { buildProductFormData, saveProduct, typeCalls } from './api';
import { planTypeChanges, rowsFromTypes, saveTypes, validateTypeRows } from './typeRows';
import ProductImagesField from './ProductImagesField';
import ProductTypesEditor from './ProductTypesEditor';
import { progressPercent, saveErrorMessage } from '../shared/messages';
import { FormModalActions } from '../shared/FormModalActions';

export const NAME_REQUIRED = 'Product name is required.';
const SOME_TYPES_FAILED = 'Product created but some types failed to save';

function initialValues(product, defaultCategory) {
  const fallbackCategory = CATEGORIES.some((c) => c.id === defaultCategory) ? defaultCategory : CATEGORIES[0].id;
  if (!product) {
    return { name: '', description: '', price: '', availability: true, category: fallbackCategory, quantity: '0' };
  }
  return {
    name: product.name ?? '',
    description: product.description ?? '',
    price: product.price === null || product.price === undefined ? '' : String(product.price),
    availability: Boolean(product.availability),
    category: product.categoryId || product.category || fallbackCategory,
    quantity: String(product.quantity ?? 0),
  };
}

let fileCounter = 0;

// Create (product = null) or edit a product with its images and types. Mounted only while open
// so every opening starts from the product as it is now.
function ProductForm({ product, defaultCategory, onClose, onSaved }) {
  const formId = useId();
  const nameRef = useRef(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const isUpdate = Boolean(product);
  const [values, setValues] = useState(() => initialValues(product, defaultCategory));
  const [existing, setExisting] = useState(() => [...(product?.images || [])]);
  const [newFiles, setNewFiles] = useState([]);
  const [typeRowsState, setTypeRows] = useState(() => rowsFromTypes(product?.types));
  const [showErrors, setShowErrors] = useState(false);
  const [formError, setFormError] = useState(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState(null);

  const thumbFor = (url) => {
    const index = (product?.images || []).indexOf(url);
    return index >= 0 ? product?.thumbnails?.[index] : undefined;
  };
  const set = (field) => (event) => {
    const value = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
  };

  const addFiles = (files) => {
    const room = MAX_IMAGES - existing.length - newFiles.length;
    const accepted = files.filter((file) => !file.type || file.type.startsWith('image/')).slice(0, Math.max(room, 0));
    if (accepted.length < files.length) toast.warning(`Up to ${MAX_IMAGES} images`);
    setNewFiles((prev) => [...prev, ...accepted.map((file) => { fileCounter += 1; return { key: `file-${fileCounter}`, file }; })]);
  };

  const submit = async (event) => {
    event.preventDefault();
    if (saving) return;
    setShowErrors(true);
    const problem = !values.name.trim() ? NAME_REQUIRED : validateTypeRows(typeRowsState);
    setFormError(problem);
    if (problem) {
      if (!values.name.trim()) nameRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      let files;
      try {
        files = await prepareImages(newFiles.map((entry) => entry.file));
      } catch (err) {
        const message = err instanceof ImageProcessingError ? err.message : 'Error processing images. Please try again.';
        setFormError(message);
        toast.error(message, 4000);
        return;
      }
      const formData = buildProductFormData({ values, existingImages: existing, newFiles: files, isUpdate });
      let saved;
      setProgress(0);
      try {
        saved = await saveProduct(product?.id, formData, (p) => setProgress(progressPercent(p)));
      } catch (err) {
        // eslint-disable-next-line no-console
        console.error('Saving the product failed', err);
        const message = saveErrorMessage(err);
        setFormError(message);
        toast.error(message, 4000);
        return;
      }
      const productId = saved?.id ?? product?.id;
      const failures = await saveTypes(productId, planTypeChanges(product?.types, typeRowsState), typeCalls);
      if (failures.length && !isUpdate) {
        toast.warning(SOME_TYPES_FAILED, 4000);
      } else if (failures.length) {
        [...new Set(failures.map((f) => f.message))].forEach((message) => toast.error(message, 4000));
      } else {
        toast.success(isUpdate ? 'Product updated successfully' : 'Product created successfully');
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['product', productId] }),
        queryClient.invalidateQueries({ queryKey: ['product', String(productId)] }),
      ]);
      onSaved?.(saved);
      onClose();
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const footer = <FormModalActions formId={formId} saving={saving} onCancel={onClose} label={isUpdate ? 'Update Product' : 'Create Product'} />;

  return (
    <Modal open onClose={saving ? () => {} : onClose} title={isUpdate ? 'Edit Product' : 'Add Product'} size="lg"
      footer={footer} initialFocusRef={nameRef}>
      <form id={formId} className="admin-form" onSubmit={submit} noValidate aria-busy={saving}>
        <label className="admin-label" htmlFor={`${formId}-name`}>Name <span aria-hidden="true">*</span></label>
        <input id={`${formId}-name`} ref={nameRef} className="admin-input" value={values.name} onChange={set('name')}
          aria-required="true" aria-invalid={showErrors && !values.name.trim() ? true : undefined} disabled={saving} />
        {showErrors && !values.name.trim() && <p className="admin-field-error">{NAME_REQUIRED}</p>}

        <label className="admin-label" htmlFor={`${formId}-description`}>Description</label>
        <textarea id={`${formId}-description`} className="admin-input" rows={4} value={values.description}
          onChange={set('description')} disabled={saving} />

        <div className="admin-form-row">
          <div>
            <label className="admin-label" htmlFor={`${formId}-price`}>Price</label>
            <input id={`${formId}-price`} className="admin-input" type="number" step="0.01" min="0" value={values.price}
              onChange={set('price')} placeholder="Price not set" disabled={saving} />
          </div>
          <div>
            <label className="admin-label" htmlFor={`${formId}-quantity`}>Quantity in stock</label>
            <input id={`${formId}-quantity`} className="admin-input" type="number" step="1" min="0" value={values.quantity}
              onChange={set('quantity')} disabled={saving} />
          </div>
        </div>
        <div className="admin-form-row">
          <div>
            <label className="admin-label" htmlFor={`${formId}-availability`}>Availability</label>
            <select id={`${formId}-availability`} className="admin-input" value={values.availability ? 'true' : 'false'}
              onChange={(e) => setValues((prev) => ({ ...prev, availability: e.target.value === 'true' }))} disabled={saving}>
              <option value="true">Available</option>
              <option value="false">Unavailable</option>
            </select>
          </div>
          <div>
            <label className="admin-label" htmlFor={`${formId}-category`}>Category</label>
            <select id={`${formId}-category`} className="admin-input" value={values.category} onChange={set('category')} disabled={saving}>
              {CATEGORIES.map((category) => <option key={category.id} value={category.id}>{category.name}</option>)}
            </select>
          </div>
        </div>

        <ProductImagesField existing={existing} thumbnails={existing.map(thumbFor)} newFiles={newFiles} disabled={saving}
          onRemoveExisting={(url) => setExisting((prev) => prev.filter((u) => u !== url))}
          onAddFiles={addFiles} onRemoveNew={(key) => setNewFiles((prev) => prev.filter((entry) => entry.key !== key))} />

        <ProductTypesEditor rows={typeRowsState} onChange={setTypeRows} disabled={saving} showErrors={showErrors} />

        {progress !== null && (
          <div className="admin-progress">
            <progress max="100" value={progress} aria-label="Upload progress" />
            <span>{progress}%</span>
          </div>
        )}
        {formError && <p className="admin-form-error" role="alert">{formError}</p>}
      </form>
    </Modal>
  );
}

export default function ProductFormModal({ open, ...props }) {
  return open ? <ProductForm {...props} /> : null;
}
