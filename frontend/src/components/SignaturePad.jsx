import { useEffect, useId, useRef, useState } from 'react';
import './signaturePad.css';

// A signature drawn with a finger, a pen or a mouse on a canvas; `onChange` receives it as a PNG
// data URL after each stroke, or null once cleared. The canvas keeps its drawing size at the
// screen's pixel density so the stroke stays sharp on a phone.
export function SignaturePad({ label = 'Signature', onChange, disabled = false, invalid = false, describedBy }) {
  const canvasRef = useRef(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);
  const hintId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext?.('2d');
    if (!ctx) return;
    // At most twice the CSS size: sharp on a phone, and the PNG stays well under the server's 48 KB.
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round((width || 300) * ratio));
    canvas.height = Math.max(1, Math.round((height || 150) * ratio));
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111827';
  }, []);

  const point = (event) => {
    const rect = canvasRef.current.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const start = (event) => {
    if (disabled) return;
    const ctx = canvasRef.current?.getContext?.('2d');
    if (!ctx) return;
    event.preventDefault();
    canvasRef.current.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    // A tap leaves a dot.
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };

  const move = (event) => {
    if (!drawing.current) return;
    const ctx = canvasRef.current.getContext('2d');
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    onChange(canvasRef.current.toDataURL('image/png'));
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas.getContext?.('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setSigned(false);
    onChange(null);
  };

  return (
    <div className={`signature-pad${invalid ? ' is-invalid' : ''}`}>
      <canvas
        ref={canvasRef}
        className="signature-pad__canvas"
        role="img"
        aria-label={signed ? `${label}: signed` : `${label}: not signed yet`}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <div className="signature-pad__bar">
        <span id={hintId} className="signature-pad__hint">
          Sign inside the box.
        </span>
        <button type="button" className="button button--ghost button--sm" onClick={clear} disabled={disabled || !signed}>
          Clear signature
        </button>
      </div>
    </div>
  );
}

export default SignaturePad;
