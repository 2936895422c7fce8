import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { placeToasts } from './toastPlacement';
import './toast.css';

export const TOAST_MS = 1500;
export const TOAST_LEAVE_MS = 300;

const ToastContext = createContext(null);
let nextId = 1;

// A stack's height before it is drawn: one toast of one line.
const FIRST_GUESS_HEIGHT = 56;

function samePlace(a, b) {
  return a && b && a.left === b.left && a.width === b.width && a.bottom === b.bottom;
}

// Where the stack sits (lib/toastPlacement.js): measured when toasts come and go, and again
// when focus moves or the window changes while they show, so a toast never covers what the
// user is working on.
function useToastPlacement(regionRef, count) {
  const [place, setPlace] = useState(null);
  const measure = useCallback(() => {
    const region = regionRef.current;
    if (!region) return;
    const next = placeToasts(document, region, region.offsetHeight || FIRST_GUESS_HEIGHT);
    setPlace((prev) => (samePlace(prev, next) ? prev : next));
  }, [regionRef]);
  useLayoutEffect(() => {
    if (count) measure();
  }, [count, measure]);
  useEffect(() => {
    if (!count) return undefined;
    window.addEventListener('focusin', measure);
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('focusin', measure);
      window.removeEventListener('resize', measure);
    };
  }, [count, measure]);
  if (!place) return undefined;
  return { left: `${place.left}px`, width: `${place.width}px`, bottom: `calc(${place.bottom}px + env(safe-area-inset-bottom, 0px))` };
}

function ToastItem({ toast, onDismiss }) {
  return (
    <div className={`toast toast--${toast.type}${toast.leaving ? ' toast--leaving' : ''}`}>
      <span className="toast__message">{toast.message}</span>
      <button type="button" className="toast__close" aria-label="Close" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function ToastProvider({ children }) {
  const [toasts, setToasts] = useState([]);
  const timers = useRef(new Set());
  const regionRef = useRef(null);
  const style = useToastPlacement(regionRef, toasts.length);

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

  // Two live regions, both always present (a region added with its message is not read):
  // errors interrupt the screen reader, everything else waits its turn.
  const urgent = toasts.filter((t) => t.type === 'error');
  const calm = toasts.filter((t) => t.type !== 'error');
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" ref={regionRef} style={style}>
        <div className="toast-stack" role="status" aria-live="polite">
          {calm.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
        <div className="toast-stack" aria-live="assertive">
          {urgent.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

const NO_TOASTS = { show() {}, dismiss() {}, success() {}, error() {}, info() {}, warning() {} };

export function useToast() {
  return useContext(ToastContext) ?? NO_TOASTS;
}
