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
import { productListQuery } from '../api';
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
  const [params, setParams] = useSearchParams();
  const category = params.get('category') || null;
  const search = params.get('search') || '';
  const { isAdmin } = useSession();
  // The low / sold-out filter is the admins' (the server refuses it to shoppers).
  const stock = isAdmin ? params.get('stock') || null : null;
  const toast = useToast();
  const mobile = useMediaQuery('(max-width: 767px)');
  const { categoryById } = useCategories();

  const query = usePagedList(productListQuery({ category, search, stock }));
  const { items: products, error, isPending, isFetching, isFetchingNextPage, hasNextPage } = query;

  useEffect(() => {
    if (error) toast.error(productsErrorText(error));
  }, [error, toast]);

  const info = category ? categoryById(category) : null;
  const filtered = Boolean(search || category || stock);

  const update = (changes) => {
    const next = new URLSearchParams(params);
    Object.entries(changes).forEach(([key, value]) => (value ? next.set(key, value) : next.delete(key)));
    setParams(next);
  };

  let body;
  if (isPending) {
    body = <Spinner label="Loading products..." />;
  } else if (error && !products.length) {
    body = (
      <EmptyState
        title="Products could not be loaded"
        message={error.isNetwork ? 'Check your connection and try again.' : serverMessage(error, 'Please try again.')}
      >
        <button type="button" className="button button--primary" onClick={() => query.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  } else if (!products.length && !filtered) {
    body = (
      <EmptyState title="No products available">
        {isAdmin ? (
          <Suspense fallback={null}>
            <EmptyCatalogAdminAction />
          </Suspense>
        ) : null}
      </EmptyState>
    );
  } else if (!products.length) {
    body = (
      <EmptyState
        title="No products found"
        message={search ? `Nothing matches "${search}".` : stock ? STOCK_EMPTY[stock] : 'This category has no products yet.'}
      >
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
        {/* The way back to the whole catalog, offered beside 'Clear search' too. */}
        <button type="button" className="button button--secondary" onClick={() => update({ category: null, search: null })}>
          Show all categories
        </button>
      </EmptyState>
    );
  } else {
    body = (
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
                ) : null
              }
            />
          ))}
        </ul>
        {isFetchingNextPage ? <Spinner label="Loading more products..." /> : null}
        {!hasNextPage && !isFetching ? <p className="catalog__end">No more available products</p> : null}
      </>
    );
  }

  return (
    <div className="catalog">
      {hero}
      <div className="catalog__head">
        <h1 className={`catalog__title${info ? ` ${info.colorClass}` : ''}`}>
          {info ? (
            <>
              <CategoryIcon id={info.id} size={24} />
              <span>{info.name}</span>
            </>
          ) : category ? (
            category
          ) : (
            'All Products'
          )}
        </h1>
        {isAdmin ? (
          <Suspense fallback={null}>
            <ProductAdminToolbar category={category} />
          </Suspense>
        ) : null}
      </div>
      {mobile ? <SearchBox className="catalog__search" id="mobile-search" /> : null}
      {search ? (
        <p className="catalog__searching" aria-live="polite">
          Results for “{search}”
        </p>
      ) : null}
      {body}
    </div>
  );
}

export default HomePage;
