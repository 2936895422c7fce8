import { Link } from 'react-router';
import { categoryById } from '../../lib/categories';
import { formatPrice } from '../../lib/format';
import { displayPrice, isInStock } from './productRules';

export function ProductCard({ product, eager = false }) {
  const image = product.thumbnails?.[0] || product.images?.[0] || null;
  const price = displayPrice(product, null);
  const category = categoryById(product.categoryId ?? product.category);
  const inStock = isInStock(product);
  return (
    <li className="product-card">
      <Link to={`/product/${product.id}`} className="product-card__link">
        <div className="product-card__media">
          {image ? (
            <img
              src={image}
              alt=""
              width="300"
              height="300"
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="product-card__image"
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
          <p className="product-card__price">{price === null ? 'Price not set' : formatPrice(price)}</p>
          <p className={`product-card__stock ${inStock ? 'is-available' : 'is-unavailable'}`}>
            {inStock ? 'Available' : 'Unavailable'}
          </p>
        </div>
      </Link>
    </li>
  );
}

export default ProductCard;
