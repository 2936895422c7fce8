import fs from 'fs';
import path from 'path';
import { CARD_SIZES, GALLERY_SIZES, LAYOUT, VIEWER_SIZES, imageSources } from '../imageSources';

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

test("the product picture's sizes are the real slot at each breakpoint: 588 px on a wide page", () => {
  expect(GALLERY_SIZES).toBe(
    '(min-width: 1280px) 588px, (min-width: 900px) calc((100vw - 6.5rem) / 2), (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)',
  );
  expect(CARD_SIZES.startsWith('(min-width: 1280px) 292px, (min-width: 1024px) calc((100vw - 7rem) / 4)')).toBe(true);
  expect(imageSources(product, 0, { sizes: VIEWER_SIZES }).sizes).toBe('100vw');
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
