import { Link } from 'react-router';
import { useCategories } from '../../../lib/categories';
import { SalePrice } from '../../../components/SalePrice';
import { formatPrice } from '../../../lib/format';
import { AgeMark } from './AgeMark';
import { CARD_SIZES, imageSources, isSmallPicture } from '../imageSources';
import { AVAILABILITY_WORDS, availability, cardPrice } from '../productRules';

// 'Price not set' rather than $0.00: such a product cannot be put in the cart.
const priceWords = (price) => {
  if (price === null) return 'Price not set';
  return price.from ? `From ${formatPrice(price.amount)}` : formatPrice(price.amount);
};

// `mark`: what app/ or the admin slot adds under the stock line (the admins' low-stock mark).
export function ProductCard({ product, eager = false, mark = null }) {
  const { categoryById } = useCategories();
  const image = imageSources(product, 0, { sizes: CARD_SIZES, prefer: 'thumbnail' });
  const price = cardPrice(product);
  const category = categoryById(product.categoryId ?? product.category);
  const status = availability(product);
  return (
    <li className="product-card">
      <Link to={`/product/${product.id}`} className="product-card__link">
        <div className="product-card__media">
          {image ? (
            <img
              {...image}
              alt=""
              width="300"
              height="300"
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className={`product-card__image${isSmallPicture(product, 0) ? ' is-small' : ''}`}
            />
          ) : (
            <div className="product-card__noimage" aria-hidden="true">
              No image
            </div>
          )}
        </div>
        <div className="product-card__body">
          <h2 className="product-card__name">{product.name}</h2>
          {category ? <span className={`chip ${category.colorClass}`}>{category.name}</span> : null}
          <AgeMark product={product} />
          <p className="product-card__price">
            <SalePrice compareAtPrice={price?.compareAtPrice}>{priceWords(price)}</SalePrice>
          </p>
          <p className={`product-card__stock ${status.available ? 'is-available' : 'is-unavailable'}`}>
            {AVAILABILITY_WORDS.status(status)}
          </p>
          {mark}
        </div>
      </Link>
    </li>
  );
}

export default ProductCard;
