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

// Only the top-most dialog answers Escape.
function closeIfOnTop(event, container, onClose) {
  const dialogs = document.querySelectorAll('[data-dialog-layer]');
  if (dialogs.length && dialogs[dialogs.length - 1] !== container) return;
  event.stopPropagation();
  onClose?.();
}

// Tab from the last item goes to the first, Shift+Tab from the first to the last; a dialog with
// nothing to focus keeps the focus on itself.
function keepTabInside(event, container) {
  const items = focusableIn(container);
  if (!items.length) {
    event.preventDefault();
    container.focus();
    return;
  }
  const firstItem = items[0];
  const lastItem = items[items.length - 1];
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === firstItem || outside)) {
    event.preventDefault();
    lastItem.focus();
  } else if (!event.shiftKey && (active === lastItem || outside)) {
    event.preventDefault();
    firstItem.focus();
  }
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
      if (event.key === 'Escape' || event.key === 'Esc') closeIfOnTop(event, container, onCloseRef.current);
      else if (event.key === 'Tab' && container) keepTabInside(event, container);
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
