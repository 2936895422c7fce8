import { Link, useLocation, useSearchParams } from 'react-router';
import { CATEGORIES, CategoryIcon } from '../lib/categories';

export function CategoryTabs({ onNavigate }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current = pathname === '/' ? params.get('category') || 'all' : null;
  const tabs = [{ id: 'all', name: 'ALL', colorClass: 'cat-all' }, ...CATEGORIES];
  return (
    <nav className="category-tabs" aria-label="Categories">
      <ul className="category-tabs__list">
        {tabs.map((c) => (
          <li key={c.id}>
            <Link
              to={c.id === 'all' ? '/' : `/?category=${encodeURIComponent(c.id)}`}
              className={`category-tab ${c.colorClass}${current === c.id ? ' is-active' : ''}`}
              aria-current={current === c.id ? 'page' : undefined}
              data-category={c.id}
              onClick={onNavigate}
            >
              <CategoryIcon id={c.id === 'all' ? null : c.id} />
              <span>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
