// Browser-side shrinking of large photos before upload. Phones produce 5-12 MB
// pictures; the server takes up to 10 MB each, and a smaller upload is faster on mobile data.

export const COMPRESS_ABOVE_BYTES = 2 * 1024 * 1024;
export const TARGET_BYTES = 2.5 * 1024 * 1024;
export const MAX_SIDE = 1200;
export const MAX_SIDE_HUGE = 800;
export const HUGE_SIDE = 3000;
// Tenths, not floats: 0.6 - 0.1 * 3 is 0.30000000000000004.
export const QUALITY_STEPS = [6, 5, 4, 3, 2].map((tenths) => tenths / 10);
export const MAX_IMAGES = 5;

export class ImageProcessingError extends Error {}

export function compressFailedMessage(fileName) {
  return `Failed to compress ${fileName}. Please try a smaller image.`;
}
export const PROCESSING_FAILED_MESSAGE = 'Error processing images. Please try again.';

export function targetSize(width, height) {
  const maxSide = width > HUGE_SIDE || height > HUGE_SIDE ? MAX_SIDE_HUGE : MAX_SIDE;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function loadImage(file) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(`Cannot decode ${file.name}`));
    };
    image.src = url;
  });
}

function canvasToBlob(canvas, quality) {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

function jpegName(name) {
  const base = name.replace(/\.[^./]+$/, '');
  return `${base || 'image'}.jpg`;
}

// Re-encodes one file as JPEG, stepping quality down until it fits the target; the last step
// (0.2) is kept even when still above the target, since the server accepts up to 10 MB.
export async function compressImage(file) {
  let image;
  try {
    image = await loadImage(file);
  } catch (err) {
    throw new ImageProcessingError(compressFailedMessage(file.name));
  }
  const { width, height } = targetSize(image.naturalWidth || image.width, image.naturalHeight || image.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context || !width || !height) throw new ImageProcessingError(compressFailedMessage(file.name));
  context.drawImage(image, 0, 0, width, height);

  let blob = null;
  for (const quality of QUALITY_STEPS) {
    blob = await canvasToBlob(canvas, quality);
    if (!blob) throw new ImageProcessingError(compressFailedMessage(file.name));
    if (blob.size <= TARGET_BYTES) break;
  }
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
}

// Files at or under 2 MB go up untouched. Errors come out as ImageProcessingError whose message
// is the text to show.
export async function prepareImages(files) {
  const prepared = [];
  for (const file of files) {
    if (file.size <= COMPRESS_ABOVE_BYTES) {
      prepared.push(file);
      continue;
    }
    try {
      prepared.push(await compressImage(file));
    } catch (err) {
      if (err instanceof ImageProcessingError) throw err;
      console.error(err);
      throw new ImageProcessingError(PROCESSING_FAILED_MESSAGE);
    }
  }
  return prepared;
}
