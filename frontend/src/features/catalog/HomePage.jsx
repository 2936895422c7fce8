import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { SearchBox } from '../../components/SearchBox';
import { Spinner } from '../../components/Spinner';
import { CategoryIcon, categoryById } from '../../lib/categories';
import { useInfiniteScroll, useMediaQuery } from '../../lib/hooks';
import { nextPageParam, pagesToItems } from '../../lib/pages';
import { useSession } from '../../lib/session';
import { useToast } from '../../lib/toast';
import { HeroCarousel } from '../hero';
import { EmptyCatalogAdminAction, ProductAdminToolbar } from './adminSlots';
import { PRODUCTS_PAGE_SIZE, fetchProductsPage } from './api';
import { ProductCard } from './ProductCard';
import './catalog.css';

export function productsErrorText(error) {
  return error?.isNetwork ? 'Error loading products. Please try again.' : 'Failed to load products';
}

export function HomePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') || null;
  const search = params.get('search') || '';
  const { isAdmin } = useSession();
  const toast = useToast();
  const mobile = useMediaQuery('(max-width: 767px)');

  const query = useInfiniteQuery({
    queryKey: ['products', { category, search }],
    queryFn: ({ pageParam, signal }) => fetchProductsPage({ page: pageParam, category, search, signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) => nextPageParam(lastPage, 'products', PRODUCTS_PAGE_SIZE, lastPageParam),
  });
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage } = query;
  useInfiniteScroll({ hasNextPage: Boolean(hasNextPage) && !error, isFetching, fetchNextPage });

  useEffect(() => {
    if (error) toast.error(productsErrorText(error));
  }, [error]); // eslint-disable-line react-hooks/exhaustive-deps

  const products = pagesToItems(data?.pages, 'products');
  const info = category ? categoryById(category) : null;
  const filtered = Boolean(search || category);

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
      <EmptyState title="Products could not be loaded" message="Check your connection and try again.">
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
      <EmptyState title="No products found" message={search ? `Nothing matches "${search}".` : 'This category has no products yet.'}>
        {search ? (
          <button type="button" className="button button--secondary" onClick={() => update({ search: null })}>
            Clear search
          </button>
        ) : null}
        {category ? (
          <button type="button" className="button button--secondary" onClick={() => update({ category: null })}>
            Show all categories
          </button>
        ) : null}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="product-grid">
          {products.map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 4} />
          ))}
        </ul>
        {isFetchingNextPage ? <Spinner label="Loading more products..." /> : null}
        {!hasNextPage && !isFetching ? <p className="catalog__end">No more available products</p> : null}
      </>
    );
  }

  return (
    <div className="catalog">
      <HeroCarousel />
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
