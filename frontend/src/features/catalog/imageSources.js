// Every product picture is stored twice (common/images.py): a thumbnail at most 400 px wide and
// a full image at most 1600 px, and the server says each file's real width (`imageWidths`,
// `thumbnailWidths`). `srcset` labels both with those widths, so the browser fetches the smallest
// one that fills the slot at the screen's density: a label larger than the file (an 800 px file
// called 1600w) made it pick a file too small for the slot and report a shrunken natural size.
export const THUMBNAIL_WIDTH = 400;

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

// The stored picture `index` of `product` as {src, srcSet, sizes} (null: it has none); one size
// only, or widths not known, gives just `src`: never a size label that is not the file's.
export function imageSources(product, index, { sizes, prefer = 'full' } = {}) {
  const picture = storedPicture(product, index);
  const { full, thumbnail } = picture;
  if (!full && !thumbnail) return null;
  const src = prefer === 'thumbnail' ? thumbnail || full : full || thumbnail;
  if (!twoSizes(picture)) return { src };
  return { src, srcSet: `${thumbnail} ${picture.thumbnailWidth}w, ${full} ${picture.fullWidth}w`, sizes };
}

// Both files stored, different, and each one's width known: a srcset can label them truthfully.
function twoSizes({ full, thumbnail, fullWidth, thumbnailWidth }) {
  if (!full || !thumbnail || full === thumbnail) return false;
  return Boolean(fullWidth && thumbnailWidth) && thumbnailWidth < fullWidth;
}

// The largest stored file alone, for the full-screen viewer: its zoom reaches that file's own pixels.
export function largestSource(product, index) {
  const { full, thumbnail } = storedPicture(product, index);
  return full || thumbnail ? { src: full || thumbnail } : null;
}

// The largest file's real width in px (null: not known).
export function largestWidth(product, index) {
  return storedPicture(product, index).fullWidth;
}

// A picture narrower than a thumbnail is shown at its own size at most, never stretched to fill.
export function isSmallPicture(product, index) {
  const width = largestWidth(product, index);
  return Boolean(width) && width < THUMBNAIL_WIDTH;
}

const nth = (list, index) => (list && list[index]) || null;

function storedPicture(product, index) {
  return {
    full: nth(product?.images, index),
    thumbnail: nth(product?.thumbnails, index),
    fullWidth: nth(product?.imageWidths, index),
    thumbnailWidth: nth(product?.thumbnailWidths, index),
  };
}
