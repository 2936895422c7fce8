import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../../../components/useDialog';
import { largestSource, largestWidth } from '../imageSources';
import { BUTTON_STEP, clampOffset, clampZoom, distance, midpoint, swipeStep, zoomAround, zoomCap } from '../viewerZoom';
import './viewer.css';

const RESTING = { scale: 1, x: 0, y: 0 };
const DOUBLE_TAP_ZOOM = 2.5;

// A point on the screen as px from the stage's centre (where the picture's centre rests).
function fromCentre(stage, point) {
  const box = stage.getBoundingClientRect();
  return { x: point.x - (box.left + box.width / 2), y: point.y - (box.top + box.height / 2) };
}

// The picture's zoom and pan: `view` {scale, x, y}; `cap` from its real width (viewerZoom.js).
function useZoom(stageRef, imageRef, knownWidth) {
  const [view, setView] = useState(RESTING);
  const [realWidth, setRealWidth] = useState(0);
  const [cap, setCap] = useState(1);
  const capRef = useRef(cap);
  capRef.current = cap;

  // Within the cap, and the picture kept over the stage.
  const settle = useCallback(
    (next) => {
      const stage = stageRef.current;
      const image = imageRef.current;
      const scale = clampZoom(next.scale, capRef.current);
      if (!stage || !image || scale <= 1) return RESTING;
      const fitted = { width: image.offsetWidth, height: image.offsetHeight };
      const offset = clampOffset(next, scale, fitted, { width: stage.clientWidth, height: stage.clientHeight });
      return { scale, ...offset };
    },
    [stageRef, imageRef],
  );

  // The cap from the file's own pixels: the viewer shows the largest file alone (no srcset), so
  // its natural width is the file's; the server's width stands in until it has loaded.
  const measure = useCallback(() => {
    const image = imageRef.current;
    if (!image) return;
    const real = image.naturalWidth || knownWidth || 0;
    setRealWidth(real);
    setCap(zoomCap(real, image.offsetWidth, window.devicePixelRatio));
  }, [imageRef, knownWidth]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const update = useCallback((change) => setView((current) => settle(change(current))), [settle]);
  const zoomBy = useCallback(
    (factor, focus = { x: 0, y: 0 }) => update((v) => zoomAround(v, clampZoom(v.scale * factor, capRef.current), focus)),
    [update],
  );
  const reset = useCallback(() => setView(RESTING), []);
  return { view, cap, realWidth, measure, update, zoomBy, reset };
}

// Wheel and trackpad pinch (a wheel event with ctrlKey) zoom under the pointer. Listened to
// directly, not through React, so the page's own zoom can be stopped (React's is passive).
function useWheelZoom(stageRef, zoomBy) {
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const onWheel = (event) => {
      event.preventDefault();
      const delta = Math.max(-100, Math.min(100, event.deltaY));
      zoomBy(Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.0025)), fromCentre(stage, { x: event.clientX, y: event.clientY }));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [stageRef, zoomBy]);
}

// Pointer gestures on the stage: two fingers pinch, one finger (or the mouse) pans a zoomed
// picture or, at rest, swipes to the next or previous one.
function useGestures(stageRef, zoom, go) {
  const pointers = useRef(new Map());
  const gesture = useRef(null);
  const [moving, setMoving] = useState(false);

  const down = (event) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [a, b] = [...pointers.current.values()];
    gesture.current = b ? { pinch: true, from: distance(a, b), view: zoom.view } : { start: point, last: point };
    setMoving(true);
  };

  const move = (event) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const g = gesture.current;
    if (g.pinch && pointers.current.size > 1) {
      const [a, b] = [...pointers.current.values()];
      const focus = fromCentre(stageRef.current, midpoint(a, b));
      zoom.update(() => zoomAround(g.view, clampZoom((g.view.scale * distance(a, b)) / g.from, zoom.cap), focus));
    } else if (g.last && zoom.view.scale > 1) {
      const [dx, dy] = [point.x - g.last.x, point.y - g.last.y];
      zoom.update((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
      g.last = point;
    }
  };

  const up = (event, cancelled = false) => {
    const point = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    if (!cancelled && point && g?.start && zoom.view.scale <= 1) {
      const step = swipeStep(g.start, { x: event.clientX, y: event.clientY });
      if (step) go(step);
    }
    // A finger left after a pinch neither pans from a jump nor swipes.
    gesture.current = pointers.current.size ? { done: true } : null;
    if (!pointers.current.size) setMoving(false);
  };

  return {
    moving,
    handlers: {
      onPointerDown: down,
      onPointerMove: move,
      onPointerUp: (event) => up(event),
      onPointerCancel: (event) => up(event, true),
    },
  };
}

function ViewerButton({ label, onClick, disabled = false, className = '', buttonRef, children }) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`viewer__button ${className}`.trim()}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

const KEYS = {
  ArrowLeft: (a) => a.go(-1),
  ArrowRight: (a) => a.go(1),
  '+': (a) => a.zoomBy(BUTTON_STEP),
  '=': (a) => a.zoomBy(BUTTON_STEP),
  '-': (a) => a.zoomBy(1 / BUTTON_STEP),
  0: (a) => a.reset(),
};

// Full screen, on black: the largest stored file (zoom reaches its own pixels), zoomed by wheel,
// pinch, double click or + and -, moved between by swipe or the arrow keys. useDialog gives Escape, the focus trap and the focus's return.
function Viewer({ product, index, onIndexChange, onClose }) {
  const ref = useRef(null);
  const closeRef = useRef(null);
  const stageRef = useRef(null);
  const imageRef = useRef(null);
  const count = product.images.length;
  useDialog({ open: true, onClose, containerRef: ref, initialFocusRef: closeRef });
  const zoom = useZoom(stageRef, imageRef, largestWidth(product, index));
  const { reset, zoomBy } = zoom;
  const go = (step) => {
    if (count < 2) return;
    reset();
    onIndexChange((index + step + count) % count);
  };
  const gestures = useGestures(stageRef, zoom, go);
  useWheelZoom(stageRef, zoomBy);

  const onKeyDown = (event) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action({ go, zoomBy, reset });
  };
  const onDoubleClick = (event) => {
    const focus = fromCentre(stageRef.current, { x: event.clientX, y: event.clientY });
    if (zoom.view.scale > 1) reset();
    else zoom.update((v) => zoomAround(v, clampZoom(DOUBLE_TAP_ZOOM, zoom.cap), focus));
  };
  const { scale, x, y } = zoom.view;

  return createPortal(
    <div
      ref={ref}
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-label={product.name}
      tabIndex={-1}
      data-dialog-layer=""
      onKeyDown={onKeyDown}
    >
      <div
        ref={stageRef}
        className={`viewer__stage${scale > 1 ? ' is-zoomed' : ''}${gestures.moving ? ' is-moving' : ''}`}
        onDoubleClick={onDoubleClick}
        {...gestures.handlers}
      >
        <img
          key={index}
          ref={imageRef}
          {...largestSource(product, index)}
          alt={`${product.name}, image ${index + 1} of ${count}`}
          className="viewer__image"
          draggable={false}
          onLoad={zoom.measure}
          style={{
            transform: `translate(${x}px, ${y}px) scale(${scale})`,
            // Laid out at most at its own size: never stretched past its pixels to fill the screen.
            maxWidth: zoom.realWidth ? `min(100%, ${zoom.realWidth}px)` : undefined,
          }}
        />
      </div>
      <div className="viewer__bar">
        <p className="viewer__count" aria-live="polite">
          {index + 1} / {count}
        </p>
        <div className="viewer__tools">
          <ViewerButton label="Zoom out" onClick={() => zoomBy(1 / BUTTON_STEP)} disabled={scale <= 1}>
            −
          </ViewerButton>
          <ViewerButton label="Zoom in" onClick={() => zoomBy(BUTTON_STEP)} disabled={scale >= zoom.cap}>
            +
          </ViewerButton>
          <ViewerButton label="Close" onClick={onClose} buttonRef={closeRef}>
            ×
          </ViewerButton>
        </div>
      </div>
      {count > 1 ? (
        <>
          <ViewerButton label="Previous image" onClick={() => go(-1)} className="viewer__nav viewer__nav--prev">
            ‹
          </ViewerButton>
          <ViewerButton label="Next image" onClick={() => go(1)} className="viewer__nav viewer__nav--next">
            ›
          </ViewerButton>
        </>
      ) : null}
    </div>,
    document.body,
  );
}

// Mounted only while open, so each opening starts at rest and closing gives the focus back.
export function ImageViewer({ open, product, index, onIndexChange, onClose }) {
  if (!open || !product?.images?.length) return null;
  return <Viewer product={product} index={Math.min(index, product.images.length - 1)} onIndexChange={onIndexChange} onClose={onClose} />;
}

export default ImageViewer;
