// Every product picture is stored twice (common/images.py): a thumbnail at most 400 px wide and
// a full image at most 1600 px. `srcset` names both so the browser fetches the smallest one that
// fills the slot at the screen's density: the thumbnail for a card, the full image on a wide
// product page, and never a picture stretched beyond its pixels.
export const THUMBNAIL_WIDTH = 400;
export const FULL_WIDTH = 1600;

// Slot widths, matching catalog.css: cards in 2, 3 or 4 columns; the product page's gallery half
// of an 80rem page from 900 px, the whole width below.
export const CARD_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw';
export const GALLERY_SIZES = '(min-width: 900px) min(46vw, 600px), calc(100vw - 2rem)';

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
