import { useEffect, useId, useRef } from 'react';
import { MAX_IMAGES } from './compressImage';

// Stored images (with remove buttons) plus newly picked files with local previews. The parent
// owns the lists; previews are object URLs revoked here when a file leaves the list.
export default function ProductImagesField({ existing, thumbnails, onRemoveExisting, newFiles, onAddFiles, onRemoveNew, disabled }) {
  const inputId = useId();
  const inputRef = useRef(null);
  const total = existing.length + newFiles.length;
  const full = total >= MAX_IMAGES;

  const urlsRef = useRef(new Map());
  useEffect(
    () => () => {
      urlsRef.current.forEach((url) => URL.revokeObjectURL(url));
      urlsRef.current.clear();
    },
    [],
  );
  useEffect(() => {
    const live = new Set(newFiles.map((entry) => entry.key));
    urlsRef.current.forEach((url, key) => {
      if (!live.has(key)) {
        URL.revokeObjectURL(url);
        urlsRef.current.delete(key);
      }
    });
  }, [newFiles]);
  const previewFor = (entry) => {
    if (!urlsRef.current.has(entry.key)) urlsRef.current.set(entry.key, URL.createObjectURL(entry.file));
    return urlsRef.current.get(entry.key);
  };

  const handleChange = (event) => {
    const files = Array.from(event.target.files || []);
    if (files.length) onAddFiles(files);
    // Reset so picking the same file again still fires a change.
    event.target.value = '';
  };

  return (
    <fieldset className="admin-fieldset">
      <legend>Images</legend>
      <p className="admin-hint" id={`${inputId}-hint`}>
        Up to {MAX_IMAGES} images ({total} of {MAX_IMAGES}). Files over 2 MB are compressed before upload.
      </p>
      {total > 0 && (
        <ul className="admin-image-grid" aria-label="Product images">
          {existing.map((url, index) => (
            <li key={url} className="admin-image-tile">
              <img src={thumbnails?.[index] || url} alt={`Current image ${index + 1}`} width="96" height="96" />
              <button
                type="button"
                className="admin-image-remove"
                onClick={() => onRemoveExisting(url)}
                disabled={disabled}
                aria-label={`Remove current image ${index + 1}`}
              >
                ×
              </button>
            </li>
          ))}
          {newFiles.map((entry) => (
            <li key={entry.key} className="admin-image-tile admin-image-tile--new">
              <img src={previewFor(entry)} alt={`New image ${entry.file.name}`} width="96" height="96" />
              <button
                type="button"
                className="admin-image-remove"
                onClick={() => onRemoveNew(entry.key)}
                disabled={disabled}
                aria-label={`Remove new image ${entry.file.name}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="admin-label">
        Add images
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        onChange={handleChange}
        disabled={disabled || full}
        aria-describedby={`${inputId}-hint`}
      />
    </fieldset>
  );
}
