// How the admin screens word failures (spec section 8: a server message is preferred).
import { serverMessage } from '../../../lib/api';

// 'Error: {server text}' when the server said why, else the generic product-save text.
export function saveErrorMessage(err) {
  const text = serverMessage(err, null);
  return text ? `Error: ${text}` : 'Error saving product. Check console for details.';
}

// Hero screens: the server's reason, or the network text when the call never reached it.
export function heroErrorMessage(err) {
  if (err?.isNetwork || !err?.status) return 'Network error. Please try again.';
  return `Error: ${serverMessage(err, err.message)}`;
}

// Server answered: its message, else the screen's failure text. Never reached: the retry text.
export function actionFailureMessage(err, failedText, networkText = failedText) {
  if (err?.isNetwork || !err?.status) return networkText;
  return serverMessage(err, failedText);
}

// api.upload reports progress; accept a fraction, a percentage or a ProgressEvent-like object.
export function progressPercent(progress) {
  if (progress && typeof progress === 'object') {
    return progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
  }
  const number = Number(progress) || 0;
  return Math.max(0, Math.min(100, Math.round(number <= 1 ? number * 100 : number)));
}
