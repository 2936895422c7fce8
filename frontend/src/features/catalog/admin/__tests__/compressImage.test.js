import { COMPRESS_ABOVE_BYTES, TARGET_BYTES, compressImage, prepareImages, targetSize } from '../compressImage';

const MB = 1024 * 1024;

// A decoded picture of the given size; `fail` makes it behave like an unreadable file.
function installImage({ width, height, fail = false }) {
  const created = [];
  global.Image = class {
    constructor() {
      created.push(this);
    }
    set src(value) {
      this._src = value;
      this.naturalWidth = width;
      this.naturalHeight = height;
      setTimeout(() => (fail ? this.onerror?.(new Event('error')) : this.onload?.()), 0);
    }
    get src() {
      return this._src;
    }
  };
  return created;
}

// toBlob answers a JPEG whose size depends on the quality asked for.
function installCanvas(sizeForQuality) {
  const qualities = [];
  const canvases = [];
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function getContext() {
    canvases.push(this);
    return { drawImage: jest.fn() };
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type, quality) => {
    qualities.push(quality);
    const size = sizeForQuality(quality);
    setTimeout(() => callback(size === null ? null : new Blob([new Uint8Array(size)], { type })), 0);
  });
  return { qualities, canvases };
}

const bigFile = (name = 'photo.png', size = 5 * MB) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:mock');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => {
  jest.restoreAllMocks();
  delete global.Image;
});

describe('targetSize', () => {
  test('caps the longer side at 1200', () => {
    expect(targetSize(2400, 1600)).toEqual({ width: 1200, height: 800 });
    expect(targetSize(1500, 3000)).toEqual({ width: 600, height: 1200 });
  });
  test('caps at 800 when either side is over 3000', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 800, height: 600 });
    expect(targetSize(1000, 3001)).toEqual({ width: 267, height: 800 });
  });
  test('never enlarges a small picture', () => {
    expect(targetSize(1000, 500)).toEqual({ width: 1000, height: 500 });
  });
});

describe('compressImage', () => {
  test('steps quality down from 0.6 until the JPEG is at most about 2.5 MB', async () => {
    installImage({ width: 4032, height: 3024 });
    const sizes = { 0.6: 4 * MB, 0.5: 3 * MB, 0.4: 2 * MB };
    const { qualities, canvases } = installCanvas((q) => sizes[q] ?? MB);

    const result = await compressImage(bigFile('holiday.png'));

    expect(qualities).toEqual([0.6, 0.5, 0.4]);
    expect(result.size).toBe(2 * MB);
    expect(result.size).toBeLessThanOrEqual(TARGET_BYTES);
    expect(result.type).toBe('image/jpeg');
    expect(result.name).toBe('holiday.jpg');
    // 4032 > 3000, so the long side is 800.
    expect(canvases[0].width).toBe(800);
    expect(canvases[0].height).toBe(600);
  });

  test('goes no lower than 0.2 and keeps that result', async () => {
    installImage({ width: 2000, height: 1000 });
    const { qualities, canvases } = installCanvas(() => 3 * MB);

    const result = await compressImage(bigFile());

    expect(qualities).toEqual([0.6, 0.5, 0.4, 0.3, 0.2]);
    expect(result.size).toBe(3 * MB);
    expect(canvases[0].width).toBe(1200);
    expect(canvases[0].height).toBe(600);
  });

  test('an unreadable picture gives a message naming the file', async () => {
    installImage({ width: 0, height: 0, fail: true });
    installCanvas(() => MB);
    await expect(compressImage(bigFile('broken.heic'))).rejects.toThrow('Failed to compress broken.heic. Please try a smaller image.');
  });

  test('a canvas that cannot encode gives the same message', async () => {
    installImage({ width: 2000, height: 2000 });
    installCanvas(() => null);
    await expect(compressImage(bigFile('big.png'))).rejects.toThrow('Failed to compress big.png. Please try a smaller image.');
  });
});

describe('prepareImages', () => {
  test('leaves files of 2 MB or less untouched and compresses the rest', async () => {
    const created = installImage({ width: 3000, height: 2000 });
    installCanvas(() => MB);
    const small = new File([new Uint8Array(COMPRESS_ABOVE_BYTES)], 'small.png', { type: 'image/png' });

    const [first, second] = await prepareImages([small, bigFile('large.png')]);

    expect(first).toBe(small);
    expect(second.name).toBe('large.jpg');
    expect(created).toHaveLength(1);
  });

  test('an unexpected failure gives the general processing message', async () => {
    installImage({ width: 2000, height: 2000 });
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
      throw new Error('boom');
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(prepareImages([bigFile()])).rejects.toThrow('Error processing images. Please try again.');
  });
});
