import { CARD_SIZES, GALLERY_SIZES, imageSources } from '../imageSources';

const product = {
  images: ['/media/products/a.webp', '/media/products/b.webp'],
  thumbnails: ['/media/products/a-thumb.webp', '/media/products/b-thumb.webp'],
};

test('both stored sizes go in srcset, widest last, with the slot size', () => {
  expect(imageSources(product, 1, { sizes: GALLERY_SIZES })).toEqual({
    src: '/media/products/b.webp',
    srcSet: '/media/products/b-thumb.webp 400w, /media/products/b.webp 1600w',
    sizes: GALLERY_SIZES,
  });
  expect(imageSources(product, 0, { sizes: CARD_SIZES, prefer: 'thumbnail' }).src).toBe('/media/products/a-thumb.webp');
});

test('one stored size (or none) gives a plain src', () => {
  expect(imageSources({ images: ['/x.webp'], thumbnails: [] }, 0)).toEqual({ src: '/x.webp' });
  expect(imageSources({ images: ['/x.webp'], thumbnails: ['/x.webp'] }, 0)).toEqual({ src: '/x.webp' });
  expect(imageSources({ images: [], thumbnails: [] }, 0)).toBeNull();
  expect(imageSources({}, 0)).toBeNull();
});
