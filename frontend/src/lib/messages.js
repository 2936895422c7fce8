// How screens word a failed write: a server message is preferred when present.
import { serverMessage } from './api';

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
