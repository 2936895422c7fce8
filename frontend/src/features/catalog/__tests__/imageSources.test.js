import fs from 'fs';
import path from 'path';
import { CARD_SIZES, GALLERY_SIZES, LAYOUT, imageSources, isSmallPicture, largestSource } from '../imageSources';

const product = {
  images: ['/media/products/a.webp', '/media/products/b.webp'],
  thumbnails: ['/media/products/a-thumb.webp', '/media/products/b-thumb.webp'],
  imageWidths: [1600, 800],
  thumbnailWidths: [400, 400],
};

test("both stored sizes go in srcset labelled with the files' real widths, widest last", () => {
  expect(imageSources(product, 1, { sizes: GALLERY_SIZES })).toEqual({
    src: '/media/products/b.webp',
    srcSet: '/media/products/b-thumb.webp 400w, /media/products/b.webp 800w',
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

test('widths not known, or a thumbnail as wide as the picture, give no size label at all', () => {
  const unknown = { images: ['/a.webp'], thumbnails: ['/a-thumb.webp'] };
  expect(imageSources(unknown, 0, { sizes: CARD_SIZES, prefer: 'thumbnail' })).toEqual({ src: '/a-thumb.webp' });
  const small = { ...unknown, imageWidths: [240], thumbnailWidths: [240] };
  expect(imageSources(small, 0, { sizes: CARD_SIZES })).toEqual({ src: '/a.webp' });
  expect(isSmallPicture(small, 0)).toBe(true);
  expect(isSmallPicture(product, 1)).toBe(false);
  expect(isSmallPicture(unknown, 0)).toBe(false);
});

test('the viewer is given the largest file alone', () => {
  expect(largestSource(product, 1)).toEqual({ src: '/media/products/b.webp' });
  expect(largestSource({ images: [], thumbnails: [] }, 0)).toBeNull();
});

test("the product picture's sizes are the real slot at each breakpoint: 588 px on a wide page", () => {
  expect(GALLERY_SIZES).toBe(
    '(min-width: 1280px) 588px, (min-width: 900px) calc((100vw - 6.5rem) / 2), (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)',
  );
  expect(CARD_SIZES.startsWith('(min-width: 1280px) 292px, (min-width: 1024px) calc((100vw - 7rem) / 4)')).toBe(true);
});

// The widths above are the style sheets' own: a change there must change them here too.
test('LAYOUT matches base.css and catalog.css', () => {
  const read = (file) => fs.readFileSync(path.resolve(__dirname, file), 'utf8');
  const base = read('../../../styles/base.css');
  const tokens = read('../../../styles/tokens.css');
  const catalog = read('../components/catalog.css');
  expect(tokens).toMatch(new RegExp(`--content:\\s*${LAYOUT.content}rem`));
  expect(base).toMatch(new RegExp(`\\.app__main \\{[^}]*padding: ${LAYOUT.pad}rem;`));
  expect(base).toMatch(new RegExp(`min-width: ${LAYOUT.wideFrom}px\\) \\{ \\.app__main \\{ padding: [\\d.]+rem ${LAYOUT.padWide}rem`));
  expect(catalog).toMatch(
    new RegExp(`min-width: ${LAYOUT.galleryColumnsFrom}px\\) \\{ \\.product__layout \\{[^}]*gap: ${LAYOUT.galleryGap}rem`),
  );
  expect(catalog).toMatch(new RegExp(`\\.product-grid \\{[^}]*gap: ${LAYOUT.gridGap}rem`));
  expect(catalog).toMatch(new RegExp(`min-width: 640px\\) \\{ \\.product-grid \\{[^}]*gap: ${LAYOUT.gridGapWide}rem`));
});
