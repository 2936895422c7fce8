import { useEffect, useRef } from 'react';
import { Modal } from './Modal';

export const MESSAGE_AUTO_CLOSE_MS = 3000;

export function MessageDialog({ open, type = 'info', title, message, onClose, autoClose = true, autoCloseMs = MESSAGE_AUTO_CLOSE_MS }) {
  const okRef = useRef(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!open || !autoClose) return undefined;
    const timer = setTimeout(() => onCloseRef.current?.(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoClose, autoCloseMs]);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      className={`message-dialog message-dialog--${type}`}
      initialFocusRef={okRef}
      footer={
        <button ref={okRef} type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <p role={type === 'error' || type === 'warning' ? 'alert' : undefined}>{message}</p>
    </Modal>
  );
}

export default MessageDialog;
