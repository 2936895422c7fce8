import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import './toast.css';

export const TOAST_MS = 1500;
export const TOAST_LEAVE_MS = 300;

const ToastContext = createContext(null);
let nextId = 1;

// Toasts appear just below the page's header (the first <header>, sticky at the top), so they
// never cover the cart, the user's name, Logout or any other header control; above the
// content, where the message belongs to what was just done.
export function toastTop(doc = globalThis.document) {
  const header = doc?.querySelector('header');
  const bottom = header ? header.getBoundingClientRect().bottom : 0;
  return Math.max(0, Math.round(bottom || 0));
}

export function ToastProvider({ children }) {
  const [toasts, setToasts] = useState([]);
  const [top, setTop] = useState(0);
  const timers = useRef(new Set());

  const later = useCallback((fn, ms) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback(
    (id) => {
      setToasts((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      later(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_LEAVE_MS);
    },
    [later],
  );

  const show = useCallback(
    (message, type = 'info', duration = TOAST_MS) => {
      const id = nextId++;
      setTop(toastTop());
      setToasts((list) => [...list, { id, message, type, leaving: false }]);
      later(() => dismiss(id), duration);
      return id;
    },
    [later, dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo(
    () => ({
      show,
      dismiss,
      success: (m, d) => show(m, 'success', d),
      error: (m, d) => show(m, 'error', d),
      info: (m, d) => show(m, 'info', d),
      warning: (m, d) => show(m, 'warning', d),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" style={{ top: `calc(${top}px + 0.75rem)` }}>
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast--${t.type}${t.leaving ? ' toast--leaving' : ''}`}>
            <span className="toast__message">{t.message}</span>
            <button type="button" className="toast__close" aria-label="Close" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const NO_TOASTS = { show() {}, dismiss() {}, success() {}, error() {}, info() {}, warning() {} };

export function useToast() {
  return useContext(ToastContext) ?? NO_TOASTS;
}
