import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './useDialog';
import './overlay.css';

export function Modal({ open, onClose, title, size = 'md', footer = null, initialFocusRef, children, className = '' }) {
  const ref = useRef(null);
  const titleId = useId();
  useDialog({ open, onClose, containerRef: ref, initialFocusRef });
  if (!open) return null;
  return createPortal(
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={ref}
        className={`modal modal--${size} ${className}`.trim()}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-dialog-layer=""
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button modal__close" aria-label="Close" onClick={() => onClose?.()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}

export default Modal;
