import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { SearchBox } from '../../../components/SearchBox';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { CategoryIcon, useCategories } from '../../../lib/categories';
import { useMediaQuery } from '../../../lib/hooks';
import { usePagedList } from '../../../lib/pages';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { EmptyCatalogAdminAction, ProductAdminToolbar, ProductStockMark } from '../adminSlots';
import { SORTS, DEFAULT_SORT, productListQuery } from '../api';
import { GridControls } from './GridControls';
import { productBlockedMessage, useSaleCheck } from '../../../lib/compliance';
import { ProductCard } from './ProductCard';
import './catalog.css';

const STOCK_EMPTY = { low: 'No product is low on stock.', out: 'No product is sold out.' };

// The server's own sentence first; only a failure that never reached it blames the connection.
export function productsErrorText(error) {
  if (error?.isNetwork) return 'Error loading products. Please try again.';
  return serverMessage(error, 'Failed to load products');
}

// `hero` is whatever app/ puts above the grid (the hero carousel): features never import each other.
export function HomePage({ hero = null }) {
  // Staff see the back office's catalog as admins do; the admin controls show each role its part.
  const { isBackOffice: isAdmin } = useSession();
  const { category, search, stock, sort, inStock, update } = useCatalogFilters(isAdmin);
  const toast = useToast();
  const mobile = useMediaQuery('(max-width: 767px)');
  const { categoryById } = useCategories();

  const query = usePagedList(productListQuery({ category, search, stock, sort, inStock }));
  const { error } = query;

  useEffect(() => {
    if (error) toast.error(productsErrorText(error));
  }, [error, toast]);

  const info = category ? categoryById(category) : null;
  const filtered = Boolean(search || category || stock || inStock);
  const body = (
    <GridBody
      query={query}
      noProducts={
        <NoProducts filters={{ search, stock, inStock, update, suggestions: suggestionsOf(query) }} filtered={filtered} isAdmin={isAdmin} />
      }
      isAdmin={isAdmin}
    />
  );

  return (
    <div className="catalog">
      {/* A search or the admins' stock filter is a task: its results come first, not the banner. */}
      {search || stock ? null : hero}
      <div className="catalog__head">
        <CatalogTitle info={info} category={category} />
        {isAdmin ? (
          <Suspense fallback={null}>
            <ProductAdminToolbar category={category} />
          </Suspense>
        ) : null}
      </div>
      {mobile ? <SearchBox className="catalog__search" id="mobile-search" /> : null}
      <div className="catalog__bar">
        {search ? (
          <p className="catalog__searching" aria-live="polite">
            Results for “{search}”
          </p>
        ) : null}
        <GridControls sort={sort} inStock={inStock} update={update} />
      </div>
      {body}
    </div>
  );
}

const SORT_IDS = new Set(SORTS.map((option) => option.id));
// An order the grid does not offer (an old or hand-typed link) is the default one.
const sortFrom = (value) => (value && value !== DEFAULT_SORT && SORT_IDS.has(value) ? value : null);

// The spinner, the failure, nothing found (`noProducts`) or the grid.
function GridBody({ query, noProducts, isAdmin }) {
  const { items: products, error, isPending, isFetching, isFetchingNextPage, hasNextPage } = query;
  if (isPending) return <Spinner label="Loading products..." />;
  if (!products.length) return error ? <LoadFailed error={error} onRetry={() => query.refetch()} /> : noProducts;
  return <ProductGrid products={products} isAdmin={isAdmin} isFetchingNextPage={isFetchingNextPage} atEnd={!hasNextPage && !isFetching} />;
}

// The list's filters live in the URL (?category=, ?search=, ?stock=, ?sort=, ?inStock=1);
// `update` sets or drops them.
function useCatalogFilters(isAdmin) {
  const [params, setParams] = useSearchParams();
  const update = (changes) => {
    const next = new URLSearchParams(params);
    Object.entries(changes).forEach(([key, value]) => (value ? next.set(key, value) : next.delete(key)));
    setParams(next);
  };
  return {
    category: params.get('category') || null,
    search: params.get('search') || '',
    // The low / sold-out filter is the admins' (the server refuses it to shoppers).
    stock: isAdmin ? params.get('stock') || null : null,
    sort: sortFrom(params.get('sort')),
    inStock: params.get('inStock') === '1',
    update,
  };
}

function NoProducts({ filters, filtered, isAdmin }) {
  return filtered ? <NoneFound {...filters} /> : <EmptyCatalog isAdmin={isAdmin} />;
}

function CatalogTitle({ info, category }) {
  return (
    <h1 className={`catalog__title${info ? ` ${info.colorClass}` : ''}`}>
      {info ? (
        <>
          <CategoryIcon id={info.id} size={24} />
          <span>{info.name}</span>
        </>
      ) : (
        category || 'All Products'
      )}
    </h1>
  );
}

function LoadFailed({ error, onRetry }) {
  return (
    <EmptyState
      title="Products could not be loaded"
      message={error.isNetwork ? 'Check your connection and try again.' : serverMessage(error, 'Please try again.')}
    >
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </EmptyState>
  );
}

// No product at all: an admin is offered the first one.
function EmptyCatalog({ isAdmin }) {
  return (
    <EmptyState title="No products available">
      {isAdmin ? (
        <Suspense fallback={null}>
          <EmptyCatalogAdminAction />
        </Suspense>
      ) : null}
    </EmptyState>
  );
}

function noneFoundText(search, stock, inStock) {
  if (search) return `Nothing matches “${search}”${inStock ? ' in stock' : ''}.`;
  if (stock) return STOCK_EMPTY[stock];
  return inStock ? 'Nothing here is in stock right now.' : 'This category has no products yet.';
}

// The server's nearest names for a search that found nothing (on its first page).
const suggestionsOf = (query) => query.data?.pages?.[0]?.suggestions ?? [];

// The server's nearest names, each a search of its own.
function Suggestions({ names, update }) {
  if (!names.length) return null;
  return (
    <p className="catalog__suggestions">
      Did you mean{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i ? ', ' : ''}
          <button type="button" className="link-button" onClick={() => update({ search: name })}>
            {name}
          </button>
        </span>
      ))}
      ?
    </p>
  );
}

// Nothing under the search, category or stock filter: a way out of each.
function NoneFound({ search, stock, inStock, update, suggestions }) {
  return (
    <EmptyState title="No products found" message={noneFoundText(search, stock, inStock)}>
      {search ? <Suggestions names={suggestions} update={update} /> : null}
      {search ? (
        <button type="button" className="button button--secondary" onClick={() => update({ search: null })}>
          Clear search
        </button>
      ) : null}
      {stock ? (
        <button type="button" className="button button--secondary" onClick={() => update({ stock: null })}>
          Show all stock
        </button>
      ) : null}
      {inStock ? (
        <button type="button" className="button button--secondary" onClick={() => update({ inStock: null })}>
          Include sold-out products
        </button>
      ) : null}
      {/* The way back to the whole catalog, offered beside 'Clear search' too. */}
      <button type="button" className="button button--secondary" onClick={() => update({ category: null, search: null })}>
        Show all categories
      </button>
    </EmptyState>
  );
}

// A shopper's card says why a product cannot be bought where the cart goes (the server's words).
function NotHere({ message }) {
  return message ? (
    <p className="product-card__not-here" data-testid="not-for-sale-here">
      {message}
    </p>
  ) : null;
}

function ProductGrid({ products, isAdmin, isFetchingNextPage, atEnd }) {
  const check = useSaleCheck(
    products.map((p) => p.id),
    !isAdmin,
  );
  return (
    <>
      <ul className="product-grid">
        {products.map((product, i) => (
          <ProductCard
            key={product.id}
            product={product}
            eager={i < 4}
            mark={
              isAdmin ? (
                <Suspense fallback={null}>
                  <ProductStockMark product={product} />
                </Suspense>
              ) : (
                <NotHere message={productBlockedMessage(check, product)} />
              )
            }
          />
        ))}
      </ul>
      {isFetchingNextPage ? <Spinner label="Loading more products..." /> : null}
      {atEnd ? <p className="catalog__end">No more available products</p> : null}
    </>
  );
}

export default HomePage;
