import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Carousel } from '../../../components/Carousel';
import { Spinner } from '../../../components/Spinner';
import { SalePrice } from '../../../components/SalePrice';
import { unitPrice, useCart } from '../../../lib/cart';
import { useCategories } from '../../../lib/categories';
import { blockedMessage, noticeMessages, useSaleCheck } from '../../../lib/compliance';
import { formatPrice, sku } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { AgeMark } from './AgeMark';
import { ProductAdminActions, ProductStockMark } from '../adminSlots';
import { productQuery } from '../api';
import { ImageViewer } from './ImageViewer';
import { GALLERY_SIZES, imageSources, isSmallPicture } from '../imageSources';
import {
  AVAILABILITY_WORDS,
  NO_PRICE,
  addToCartAlert,
  addToCartBlock,
  availability,
  compareAtPrice,
  digitsOnly,
  firstUsableType,
  isTypeUsable,
  productTypes,
} from '../productRules';
import './catalog.css';

function Gallery({ product }) {
  const images = product.images?.length ? product.images : [];
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  if (!images.length) {
    return (
      <div className="product__gallery product__gallery--empty" aria-hidden="true">
        No image
      </div>
    );
  }
  return (
    <div className="product__gallery">
      <Carousel
        items={images}
        index={index}
        onIndexChange={setIndex}
        label={`${product.name} images`}
        swipeThreshold={50}
        renderItem={(src, i) => (
          <button
            type="button"
            className="product__zoom"
            onClick={() => setViewerOpen(true)}
            aria-label={`View image ${i + 1} full screen`}
          >
            <img
              {...imageSources(product, i, { sizes: GALLERY_SIZES })}
              alt={`${product.name}, image ${i + 1} of ${images.length}`}
              width="600"
              height="600"
              className={`product__image${isSmallPicture(product, i) ? ' is-small' : ''}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          </button>
        )}
      />
      <ImageViewer open={viewerOpen} product={product} index={index} onIndexChange={setIndex} onClose={() => setViewerOpen(false)} />
    </div>
  );
}

// One type to choose: its price (or 'Price not set'), or why it cannot be chosen.
function TypeOption({ product, type, selected, onChoose }) {
  const typeStatus = availability(product, type);
  const price = unitPrice(product, type);
  return (
    <button
      type="button"
      className={`type-option${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      disabled={!typeStatus.available}
      onClick={() => onChoose(type)}
    >
      <span className="type-option__name">{type.name}</span>
      {typeStatus.available ? (
        <span className="type-option__price">
          <SalePrice compareAtPrice={price === null ? null : compareAtPrice(product, type)}>{priceText(price)}</SalePrice>
        </span>
      ) : (
        <span className="type-option__out">{AVAILABILITY_WORDS.type(typeStatus)}</span>
      )}
    </button>
  );
}

function Purchase({ product, onTypeChange }) {
  const { addItem } = useCart();
  const toast = useToast();
  const types = productTypes(product);
  const [selectedType, setSelectedType] = useState(() => firstUsableType(product));
  const [quantity, setQuantity] = useState('1');
  const quantityId = useId();
  const stock = availability(product, types.length ? selectedType : null);
  // The rules' word for the cart's place (pickup until the shopper chooses): why it cannot be
  // bought there, and what the hand-over will ask.
  const check = useSaleCheck([product.id]);
  const notHere = blockedMessage(check, product.id, types.length ? (selectedType?.id ?? null) : null);
  const notices = noticeMessages(check);
  const blocked = notHere ? 'rule' : addToCartBlock(product, selectedType, quantity);
  const describedBy = { price: `${quantityId}-no-price`, rule: `${quantityId}-not-here` }[blocked];

  useEffect(() => {
    onTypeChange?.(selectedType);
  }, [selectedType, onTypeChange]);

  const chooseType = (type) => {
    setSelectedType(type);
    setQuantity('1');
  };

  const add = () => {
    try {
      const alert = addToCartAlert(product, selectedType);
      if (alert) {
        toast.error(alert);
        return;
      }
      const result = addItem(product, types.length ? selectedType : null, Number(quantity));
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      toast.success(`Added ${quantity} × ${product.name}${selectedType ? ` - ${selectedType.name}` : ''} to cart`);
      setQuantity('1');
    } catch {
      toast.error('Error adding item to cart. Please try again.');
    }
  };

  return (
    <div className="product__purchase">
      {types.length ? (
        <fieldset className="product__types">
          <legend>Choose Type</legend>
          <div className="product__type-list">
            {types.map((type) => (
              <TypeOption key={type.id} product={product} type={type} selected={selectedType?.id === type.id} onChoose={chooseType} />
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="product__quantity field">
        <label htmlFor={quantityId}>Quantity</label>
        <div className="product__quantity-row">
          <input
            id={quantityId}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={quantity}
            onChange={(e) => setQuantity(digitsOnly(e.target.value))}
            aria-describedby={`${quantityId}-hint`}
          />
          <span id={`${quantityId}-hint`} className="product__available">
            {AVAILABILITY_WORDS.units(stock)}
          </span>
        </div>
      </div>
      <button
        type="button"
        className="button button--primary button--block product__add"
        onClick={add}
        disabled={Boolean(blocked)}
        aria-describedby={describedBy}
      >
        Add to Cart
      </button>
      {blocked === 'price' ? (
        <p id={`${quantityId}-no-price`} className="product__no-price">
          {NO_PRICE}
        </p>
      ) : null}
      {notHere ? (
        <p id={`${quantityId}-not-here`} className="product__not-here" role="note" data-testid="not-for-sale-here">
          {notHere}
        </p>
      ) : null}
      {!notHere && notices.length ? (
        <ul className="product__notices" aria-label="At hand-over">
          {notices.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ProductPage() {
  const { productId } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  // Staff see the back office's product page as admins do; its actions show each role its part.
  const { isBackOffice: isAdmin } = useSession();
  const [priceType, setPriceType] = useState(null);
  const { categoryById } = useCategories();
  const { data: product, error, isPending } = useQuery(productQuery(productId));

  useEffect(() => {
    if (!error) return;
    toast.error(error.isNetwork ? 'Error loading product details' : 'Failed to fetch product details');
    navigate('/', { replace: true });
  }, [error, toast, navigate]);

  if (isPending || error || !product) return <Spinner label="Loading product..." />;

  const category = categoryById(product.categoryId ?? product.category);
  const status = availability(product);
  const price = unitPrice(product, isAdmin ? null : priceType);

  return (
    <article className="product">
      <nav className="product__back" aria-label="Breadcrumb">
        <Link to={category ? `/?category=${category.id}` : '/'}>← Back to {category ? category.name : 'products'}</Link>
      </nav>
      <div className="product__layout">
        <Gallery product={product} />
        <div className="product__info">
          <h1 className="product__name">{product.name}</h1>
          <ProductMeta product={product} category={category} status={status} isAdmin={isAdmin} />
          <p className="product__price">
            <SalePrice compareAtPrice={price === null ? null : compareAtPrice(product, isAdmin ? null : priceType)}>
              {priceText(price)}
            </SalePrice>
          </p>
          {isAdmin ? (
            <Suspense fallback={null}>
              <ProductAdminActions product={product} />
            </Suspense>
          ) : (
            <Purchase key={product.id} product={product} onTypeChange={setPriceType} />
          )}
          {product.description ? (
            <section className="product__section">
              <h2>Description</h2>
              <p className="product__description">{product.description}</p>
            </section>
          ) : null}
          <ProductDetails product={product} category={category} status={status} isAdmin={isAdmin} />
        </div>
      </div>
    </article>
  );
}

const priceText = (price) => (price === null ? 'Price not set' : formatPrice(price));

function ProductMeta({ product, category, status, isAdmin }) {
  return (
    <div className="product__meta">
      <span className={`badge ${status.available ? 'badge--success' : 'badge--danger'}`}>{AVAILABILITY_WORDS.badge(status)}</span>
      {category ? <span className={`chip ${category.colorClass}`}>{category.name}</span> : null}
      <AgeMark product={product} />
      {isAdmin ? (
        <Suspense fallback={null}>
          <ProductStockMark product={product} />
        </Suspense>
      ) : null}
    </div>
  );
}

// The raw stock an admin manages: the types' units together, or the product's own.
function stockTotal(product, types) {
  if (types.length) return types.reduce((sum, t) => sum + (Number(t.quantity) || 0), 0);
  return Number(product.quantity) || 0;
}

function ProductDetails({ product, category, status, isAdmin }) {
  const types = productTypes(product);
  return (
    <section className="product__section">
      <h2>Details</h2>
      <dl className="product__details">
        <dt>SKU</dt>
        <dd>{sku(product.id)}</dd>
        <dt>Stock</dt>
        {/* Admins manage the raw stock; shoppers see what they can buy. */}
        <dd>{isAdmin || !Number.isFinite(status.units) ? stockTotal(product, types) : status.units} units</dd>
        <dt>Category</dt>
        <dd>{category ? category.name : product.categoryName || product.categoryId || '—'}</dd>
        <dt>Availability</dt>
        <dd>{AVAILABILITY_WORDS.status(status)}</dd>
      </dl>
      {isAdmin && types.length ? <AdminTypes product={product} types={types} /> : null}
    </section>
  );
}

function AdminTypes({ product, types }) {
  return (
    <>
      <h3>Types</h3>
      <ul className="product__admin-types">
        {types.map((t) => (
          <li key={t.id}>
            {t.name}: {priceText(unitPrice(product, t))}, {Number(t.quantity) || 0} units
            {isTypeUsable(product, t) ? '' : ' (Out of stock)'}
          </li>
        ))}
      </ul>
    </>
  );
}

export default ProductPage;
