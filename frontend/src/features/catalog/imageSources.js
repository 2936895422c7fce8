// Every product picture is stored twice (common/images.py): a thumbnail at most 400 px wide and
// a full image at most 1600 px. `srcset` names both so the browser fetches the smallest one that
// fills the slot at the screen's density: the thumbnail for a card, the full image on a wide
// product page, and never a picture stretched beyond its pixels.
export const THUMBNAIL_WIDTH = 400;
export const FULL_WIDTH = 1600;

// The layout's real widths (rem), as styles/base.css and catalog.css set them; `sizes` is
// computed from them so the browser picks the candidate the slot needs (a guess such as
// "46vw, 600px" asked for less than a 588 px slot, and the picture came out soft).
// __tests__/imageSources.test.js reads the style sheets and fails when these drift from them.
export const LAYOUT = {
  content: 80, // --content (styles/tokens.css): .app__main's max-width, padding included (border-box)
  pad: 1, // .app__main's side padding on a phone...
  padWide: 2, // ...and from `wideFrom` px
  wideFrom: 768,
  galleryColumnsFrom: 900, // .product__layout: two columns from here...
  galleryGap: 2.5, // ...with this gap
  gridGap: 0.75, // .product-grid: 2 columns, this gap...
  gridGapWide: 1, // ...3 columns from 640 px and 4 from 1024 px, with this gap
};
const REM = 16;

// "(min-width: A) W, ..." from [minWidthPx, cssWidth] pairs, widest breakpoint first.
function sizesOf(rules) {
  return rules.map(([from, width]) => (from ? `(min-width: ${from}px) ${width}` : width)).join(', ');
}

// Width of one of `columns` columns with `gap` rem between them, in a page of `pad` rem sides.
function column(columns, gap, pad) {
  const inner = `100vw - ${2 * pad + (columns - 1) * gap}rem`;
  return columns === 1 ? `calc(${inner})` : `calc((${inner}) / ${columns})`;
}

// The same column on a page at its widest (--content): a fixed width in px.
function widest(columns, gap) {
  return `${Math.floor(((LAYOUT.content - 2 * LAYOUT.padWide - (columns - 1) * gap) * REM) / columns)}px`;
}

const { content, pad, padWide, wideFrom, galleryColumnsFrom, galleryGap, gridGap, gridGapWide } = LAYOUT;
const WIDEST_FROM = content * REM;

// The product page's picture: half the page from 900 px (less the gap), else the whole width.
export const GALLERY_SIZES = sizesOf([
  [WIDEST_FROM, widest(2, galleryGap)],
  [galleryColumnsFrom, column(2, galleryGap, padWide)],
  [wideFrom, column(1, 0, padWide)],
  [0, column(1, 0, pad)],
]);

// A card: 4 columns from 1024 px, 3 from 640 px, else 2.
export const CARD_SIZES = sizesOf([
  [WIDEST_FROM, widest(4, gridGapWide)],
  [1024, column(4, gridGapWide, padWide)],
  [wideFrom, column(3, gridGapWide, padWide)],
  [640, column(3, gridGapWide, pad)],
  [0, column(2, gridGap, pad)],
]);

// The full-screen viewer: the whole screen, so the largest stored picture on any large display.
export const VIEWER_SIZES = '100vw';

// The stored picture `index` of `product` as {src, srcSet, sizes} (null: it has none); one
// size only gives just `src`.
export function imageSources(product, index, { sizes, prefer = 'full' } = {}) {
  const { full, thumbnail } = storedPicture(product, index);
  if (!full && !thumbnail) return null;
  if (!full || !thumbnail || full === thumbnail) return { src: full || thumbnail };
  return {
    src: prefer === 'thumbnail' ? thumbnail : full,
    srcSet: `${thumbnail} ${THUMBNAIL_WIDTH}w, ${full} ${FULL_WIDTH}w`,
    sizes,
  };
}

function storedPicture(product, index) {
  return { full: product?.images?.[index] || null, thumbnail: product?.thumbnails?.[index] || null };
}
