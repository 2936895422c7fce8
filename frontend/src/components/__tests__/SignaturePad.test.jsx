// The signature pad: a stroke drawn with pointer events (a finger on a phone) gives a PNG data
// URL; Clear takes it back.
import { fireEvent, render, screen } from '@testing-library/react';
import { SignaturePad } from '../SignaturePad';

const PNG = 'data:image/png;base64,c2lnbmVk';

beforeEach(() => {
  // jsdom draws nothing: a context that records the stroke, and a canvas that answers a PNG.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    scale() {},
    beginPath() {},
    moveTo() {},
    lineTo: jest.fn(),
    stroke() {},
    clearRect() {},
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => jest.restoreAllMocks());

test('a touch stroke gives a PNG data URL, and Clear empties it', () => {
  const onChange = jest.fn();
  render(<SignaturePad label="Recipient's signature" onChange={onChange} />);
  const pad = screen.getByRole('img', { name: "Recipient's signature: not signed yet" });
  fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 40 });
  fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 40 });
  expect(onChange).toHaveBeenLastCalledWith(PNG);
  expect(HTMLCanvasElement.prototype.toDataURL).toHaveBeenCalledWith('image/png');
  expect(screen.getByRole('img', { name: "Recipient's signature: signed" })).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(screen.getByRole('button', { name: 'Clear signature' })).toBeDisabled();
});

test('a disabled pad draws nothing', () => {
  const onChange = jest.fn();
  render(<SignaturePad onChange={onChange} disabled />);
  const pad = screen.getByRole('img', { name: 'Signature: not signed yet' });
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
  expect(onChange).not.toHaveBeenCalled();
});
