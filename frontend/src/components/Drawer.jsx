import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './useDialog';
import './overlay.css';

export function Drawer({ open, onClose, title, children, footer = null, initialFocusRef }) {
  const ref = useRef(null);
  const titleId = useId();
  useDialog({ open, onClose, containerRef: ref, initialFocusRef });
  if (!open) return null;
  return createPortal(
    <div className="overlay overlay--drawer" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <aside ref={ref} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-dialog-layer="">
        <header className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => onClose?.()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="drawer__body">{children}</div>
        {footer ? <footer className="drawer__footer">{footer}</footer> : null}
      </aside>
    </div>,
    document.body,
  );
}

export default Drawer;
