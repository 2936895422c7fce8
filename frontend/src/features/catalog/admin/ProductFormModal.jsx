import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Modal from '../../../components/Modal';
import Spinner from '../../../components/Spinner';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { ImageProcessingError, MAX_IMAGES, prepareImages } from './compressImage';
import { buildProductFormData, isStale, productVersionQuery, saveErrorMessage, useSaveProduct } from './api';
import { describeChanges, rebaseValues, staleMessage } from './productVersion';
import { rowsFromTypes, typesPayload, typesStockTotal, validateTypeRows } from './typeRows';
import ProductImagesField from './ProductImagesField';
import ProductTypesEditor from './ProductTypesEditor';
import { RegulatoryFields } from './RegulatoryFields';
import { inheritedFrom, ownOf, regulatoryChange } from './regulatory';
import { useProductHistoryTabs } from './ProductHistory';
import { actionFailureMessage, progressPercent } from '../../../lib/messages';
import { FormModalActions } from '../../../components/FormModalActions';

export const NAME_REQUIRED = 'Product name is required.';
const LOAD_FAILED = 'Could not load the product. Please try again.';

function initialValues(product, defaultCategory) {
  if (!product) {
    return {
      name: '',
      description: '',
      price: '',
      compareAtPrice: '',
      exciseExempt: false,
      availability: true,
      category: defaultCategory || '',
      quantity: '0',
    };
  }
  return {
    name: product.name ?? '',
    description: product.description ?? '',
    price: product.price === null || product.price === undefined ? '' : String(product.price),
    compareAtPrice: product.compareAtPrice === null || product.compareAtPrice === undefined ? '' : String(product.compareAtPrice),
    exciseExempt: product.exciseExempt === true,
    availability: Boolean(product.availability),
    category: product.categoryId || product.category || '',
    quantity: String(product.quantity ?? 0),
  };
}

let fileCounter = 0;

const listedCategory = (categories, id) => (categories.some((c) => c.id === id) ? id : (categories[0]?.id ?? ''));

// The words for a failed save: the image step's own, what changed meanwhile (a save refused as
// stale reloads the product), or the server's.
async function saveFailureMessage(err, reload) {
  if (err instanceof ImageProcessingError) return err.message;
  if (isStale(err)) {
    try {
      return await reload();
    } catch {
      return saveErrorMessage(err);
    }
  }
  console.error('Saving the product failed', err);
  return saveErrorMessage(err);
}

// The required name, with its message once the admin has tried to save without one.
function NameField({ id, inputRef, value, onChange, showError, disabled }) {
  const missing = showError && !value.trim();
  return (
    <>
      <label className="admin-label" htmlFor={id}>
        Name <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        ref={inputRef}
        className="admin-input"
        value={value}
        onChange={onChange}
        aria-required="true"
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        disabled={disabled}
      />
      {missing && (
        <p id={`${id}-error`} className="admin-field-error" role="alert">
          {NAME_REQUIRED}
        </p>
      )}
    </>
  );
}

// The sale's "compare at" price (shown struck through; empty: not on sale) and the excise
// exemption of a nicotine-free item in a category that pays the excise.
function MoneyFields({ id, values, set, disabled }) {
  return (
    <div className="admin-form-row">
      <div>
        <label className="admin-label" htmlFor={`${id}-compareAtPrice`}>
          Compare at price (on sale)
        </label>
        <input
          id={`${id}-compareAtPrice`}
          className="admin-input"
          type="number"
          step="0.01"
          min="0"
          value={values.compareAtPrice}
          onChange={set('compareAtPrice')}
          placeholder="Not on sale"
          disabled={disabled}
        />
      </div>
      <div>
        <label className="admin-check" htmlFor={`${id}-exciseExempt`}>
          <input
            id={`${id}-exciseExempt`}
            type="checkbox"
            checked={values.exciseExempt}
            onChange={set('exciseExempt')}
            disabled={disabled}
          />{' '}
          No nicotine (0 mg): exempt from the excise tax
        </label>
      </div>
    </div>
  );
}

// The product's stock. With types it is theirs, summed as they are edited, and read-only: the
// units are set on each type (the server sells from the types: shop/stock.py).
function QuantityField({ id, value, onChange, typeRows, disabled }) {
  const typed = typeRows.length > 0;
  return (
    <div>
      <label className="admin-label" htmlFor={id}>
        Quantity in stock
      </label>
      <input
        id={id}
        className="admin-input"
        type="number"
        step="1"
        min="0"
        value={typed ? typesStockTotal(typeRows) : value}
        onChange={onChange}
        readOnly={typed}
        aria-describedby={typed ? `${id}-hint` : undefined}
        disabled={disabled}
      />
      {typed ? (
        <p id={`${id}-hint`} className="admin-hint">
          The sum of its types&apos; quantities: set each type&apos;s below.
        </p>
      ) : null}
    </div>
  );
}

// Create (product = null) or edit a product with its images and types. Mounted only while open
// so every opening starts from the product as it is now; an edit starts from the server's copy
// and its ETag (`etag`), and a save the server refuses as stale (412) reloads that copy.
function ProductForm({ product, etag, defaultCategory, onClose, onSaved }) {
  const formId = useId();
  const nameRef = useRef(null);
  const queryClient = useQueryClient();
  const [base, setBase] = useState({ product, etag });
  const save = useSaveProduct();
  const saving = save.isPending;
  const toast = useToast();
  const isUpdate = Boolean(product);
  const [values, setValues] = useState(() => initialValues(product, defaultCategory));
  const { categories } = useCategories();
  // A category the server does not list (or none yet) falls back to its first one.
  const category = listedCategory(categories, values.category);
  const [existing, setExisting] = useState(() => [...(product?.images || [])]);
  const [newFiles, setNewFiles] = useState([]);
  const [typeRowsState, setTypeRows] = useState(() => rowsFromTypes(product?.types));
  const [regulatoryOwn, setRegulatoryOwn] = useState(() => ownOf(product));
  const fromCategory = inheritedFrom(categories.find((c) => c.id === category)?.regulatory);
  const [showErrors, setShowErrors] = useState(false);
  const [formError, setFormError] = useState(null);
  const [progress, setProgress] = useState(null);
  const history = useProductHistoryTabs(product?.id, onClose);

  const thumbFor = (url) => {
    const index = (base.product?.images || []).indexOf(url);
    return index >= 0 ? base.product?.thumbnails?.[index] : undefined;
  };

  // Someone else saved the product meanwhile: show what they changed, keep the admin's own edits,
  // take theirs everywhere else, and save next time against the new version.
  const reload = async () => {
    const fresh = await queryClient.fetchQuery(productVersionQuery(product.id));
    const names = (id) => categories.find((c) => c.id === id)?.name ?? id;
    const message = staleMessage(describeChanges(base.product, fresh.product, names));
    setValues((current) => rebaseValues(current, base.product, fresh.product, (p) => initialValues(p, defaultCategory)));
    setExisting((current) =>
      JSON.stringify(current) === JSON.stringify(base.product.images || []) ? [...(fresh.product.images || [])] : current,
    );
    setTypeRows((current) =>
      JSON.stringify(current) === JSON.stringify(rowsFromTypes(base.product.types)) ? rowsFromTypes(fresh.product.types) : current,
    );
    setRegulatoryOwn((current) => (JSON.stringify(current) === JSON.stringify(ownOf(base.product)) ? ownOf(fresh.product) : current));
    setBase(fresh);
    return message;
  };
  const set = (field) => (event) => {
    const value = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
  };

  const addFiles = (files) => {
    const room = MAX_IMAGES - existing.length - newFiles.length;
    const accepted = files.filter((file) => !file.type || file.type.startsWith('image/')).slice(0, Math.max(room, 0));
    if (accepted.length < files.length) toast.warning(`Up to ${MAX_IMAGES} images`);
    setNewFiles((prev) => [
      ...prev,
      ...accepted.map((file) => {
        fileCounter += 1;
        return { key: `file-${fileCounter}`, file };
      }),
    ]);
  };

  const submit = async (event) => {
    event.preventDefault();
    if (saving) return;
    setShowErrors(true);
    setFormError('');
    // Said once, beside the field at fault (the name, a type's name), which takes the focus.
    if (!values.name.trim()) {
      nameRef.current?.focus();
      return;
    }
    if (validateTypeRows(typeRowsState)) return;
    let saved;
    try {
      saved = await save.mutateAsync({
        productId: product?.id,
        etag: base.etag,
        buildForm: async () => {
          const files = await prepareImages(newFiles.map((entry) => entry.file));
          setProgress(0);
          return buildProductFormData({
            values: { ...values, category },
            existingImages: existing,
            newFiles: files,
            isUpdate,
            types: typesPayload(typeRowsState),
            regulatory: regulatoryChange(regulatoryOwn, ownOf(base.product)),
          });
        },
        onProgress: (p) => setProgress(progressPercent(p)),
      });
    } catch (err) {
      // Said once, in the form (role=alert), never again in a toast over its buttons.
      setFormError(await saveFailureMessage(err, reload));
      setProgress(null);
      return;
    }
    toast.success(isUpdate ? 'Product updated successfully' : 'Product created successfully');
    onSaved?.(saved);
    onClose();
  };

  const footer = (
    <FormModalActions formId={formId} saving={saving} onCancel={onClose} label={isUpdate ? 'Update Product' : 'Create Product'} />
  );

  return (
    <Modal
      open
      onClose={saving ? () => {} : onClose}
      title={isUpdate ? 'Edit Product' : 'Add Product'}
      size="lg"
      footer={history.footer || footer}
      initialFocusRef={nameRef}
    >
      {history.tabs}
      <form id={formId} className="admin-form" onSubmit={submit} noValidate aria-busy={saving} hidden={history.hidden}>
        <NameField
          id={`${formId}-name`}
          inputRef={nameRef}
          value={values.name}
          onChange={set('name')}
          showError={showErrors}
          disabled={saving}
        />

        <label className="admin-label" htmlFor={`${formId}-description`}>
          Description
        </label>
        <textarea
          id={`${formId}-description`}
          className="admin-input"
          rows={4}
          value={values.description}
          onChange={set('description')}
          disabled={saving}
        />

        <div className="admin-form-row">
          <div>
            <label className="admin-label" htmlFor={`${formId}-price`}>
              Price
            </label>
            <input
              id={`${formId}-price`}
              className="admin-input"
              type="number"
              step="0.01"
              min="0"
              value={values.price}
              onChange={set('price')}
              placeholder="Price not set"
              disabled={saving}
            />
          </div>
          <QuantityField
            id={`${formId}-quantity`}
            value={values.quantity}
            onChange={set('quantity')}
            typeRows={typeRowsState}
            disabled={saving}
          />
        </div>
        <MoneyFields id={formId} values={values} set={set} disabled={saving} />
        <div className="admin-form-row">
          <div>
            <label className="admin-label" htmlFor={`${formId}-availability`}>
              Availability
            </label>
            <select
              id={`${formId}-availability`}
              className="admin-input"
              value={values.availability ? 'true' : 'false'}
              onChange={(e) => setValues((prev) => ({ ...prev, availability: e.target.value === 'true' }))}
              disabled={saving}
            >
              <option value="true">Available</option>
              <option value="false">Unavailable</option>
            </select>
          </div>
          <div>
            <label className="admin-label" htmlFor={`${formId}-category`}>
              Category
            </label>
            <select id={`${formId}-category`} className="admin-input" value={category} onChange={set('category')} disabled={saving}>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        </div>

        <ProductImagesField
          existing={existing}
          thumbnails={existing.map(thumbFor)}
          newFiles={newFiles}
          disabled={saving}
          onRemoveExisting={(url) => setExisting((prev) => prev.filter((u) => u !== url))}
          onAddFiles={addFiles}
          onRemoveNew={(key) => setNewFiles((prev) => prev.filter((entry) => entry.key !== key))}
        />

        <RegulatoryFields
          summary="Regulatory attributes"
          idPrefix={formId}
          legend="Regulatory attributes"
          own={regulatoryOwn}
          inherited={fromCategory}
          inheritedFrom="category"
          onChange={setRegulatoryOwn}
          disabled={saving}
        />

        <ProductTypesEditor
          rows={typeRowsState}
          onChange={setTypeRows}
          disabled={saving}
          showErrors={showErrors}
          inherited={inheritedFrom(regulatoryOwn, fromCategory)}
        />

        {progress !== null && (
          <div className="admin-progress">
            <progress max="100" value={progress} aria-label="Upload progress" />
            <span>{progress}%</span>
          </div>
        )}
        {formError && (
          <p className="admin-form-error" role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}

// An edit opens on the product as the server has it now, with its version (ETag).
function VersionedProductForm({ product, onClose, ...props }) {
  const version = useQuery(productVersionQuery(product.id));
  if (version.isSuccess) return <ProductForm {...props} product={version.data.product} etag={version.data.etag} onClose={onClose} />;
  return (
    <Modal open onClose={onClose} title="Edit Product" size="lg">
      {version.isError ? (
        <p className="admin-form-error" role="alert">
          {actionFailureMessage(version.error, LOAD_FAILED)}
        </p>
      ) : (
        <Spinner label="Loading product..." />
      )}
    </Modal>
  );
}

export default function ProductFormModal({ open, product, ...props }) {
  if (!open) return null;
  return product ? <VersionedProductForm product={product} {...props} /> : <ProductForm {...props} />;
}
