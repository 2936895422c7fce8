import { useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

export function focusableIn(node) {
  if (!node) return [];
  return Array.from(node.querySelectorAll(FOCUSABLE)).filter((el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true');
}

// Shared by Modal and Drawer: focus moves in on open, Tab cycles inside, Escape closes, and
// focus goes back to whatever opened the dialog.
export function useDialog({ open, onClose, containerRef, initialFocusRef }) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement;
    const container = containerRef.current;
    const first = initialFocusRef?.current || focusableIn(container)[0] || container;
    first?.focus?.();

    const onKey = (event) => {
      if (event.key === 'Escape' || event.key === 'Esc') {
        // Only the top-most dialog answers Escape.
        const dialogs = document.querySelectorAll('[data-dialog-layer]');
        if (dialogs.length && dialogs[dialogs.length - 1] !== container) return;
        event.stopPropagation();
        onCloseRef.current?.();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const items = focusableIn(container);
      if (!items.length) {
        event.preventDefault();
        container.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !container.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !container.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener && typeof opener.focus === 'function' && document.contains(opener)) opener.focus();
    };
  }, [open, containerRef, initialFocusRef]);
}
