import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { RideRequestButton } from '../features/rides';
import { useCart } from '../lib/cart';
import { useEscape, useMediaQuery } from '../lib/hooks';
import { mayOpen } from '../lib/roles';
import { useSession } from '../lib/session';
import { useShopInfo } from '../lib/shopInfo';
import { badgeText } from './badge';
import { CategoryTabs } from './CategoryTabs';
import { HeaderNav } from './HeaderNav';
import { showsCategories } from './headerTabs';
import { SearchBox } from '../components/SearchBox';
import './header.css';

export const MOBILE_QUERY = '(max-width: 767px)';
// From this width the tabs sit in the header's row (those that fit; More holds the rest); below,
// they fold into the menu with everything else. header.css uses the same figure.
export const ROW_QUERY = '(min-width: 1024px)';

export const ADMIN_TABS = [
  { page: 'dashboard', label: 'Dashboard', to: '/dashboard' },
  { page: 'products', label: 'Products', to: '/' },
  { page: 'orders', label: 'Orders', to: '/orders' },
  { page: 'rides', label: 'Rides', to: '/rides' },
  { page: 'deliveries', label: 'Deliveries', to: '/deliveries' },
  { page: 'hero', label: 'Hero', to: '/hero' },
  { page: 'users', label: 'Users', to: '/users' },
  { page: 'promotions', label: 'Promotions', to: '/promotions' },
  { page: 'taxes', label: 'Taxes', to: '/taxes' },
  { page: 'compliance', label: 'Compliance', to: '/compliance' },
  { page: 'settings', label: 'Settings', to: '/settings' },
  { page: 'activity', label: 'Activity', to: '/activity' },
];

const CUSTOMER_LINKS = [
  { page: 'orders', label: 'My Orders', to: '/orders' },
  { page: 'rides', label: 'My Rides', to: '/rides' },
  { page: 'account', label: 'My Account', to: '/account' },
];

// The cart outline (wheels, then basket), in two parts to stay within the line length.
const CART_ICON =
  'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z' +
  'M7.2 14h9.9c.8 0 1.4-.4 1.7-1.1L22 6H6.2l-.9-2H2v2h2l3.6 7.6L6.2 16c-.7 1.3.2 3 1.8 3h12v-2H8l1.1-2z';

function CartButton({ mobile }) {
  const { count, open } = useCart();
  const badge = badgeText(count, mobile);
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <button type="button" className="header__cart" aria-label={label} aria-haspopup="dialog" onClick={open}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={CART_ICON} fill="currentColor" />
      </svg>
      {badge ? (
        <span className="header__badge" data-testid="cart-badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </button>
  );
}

function MenuToggle({ open, onToggle }) {
  return (
    <button
      type="button"
      className="header__menu-toggle icon-button"
      aria-expanded={open}
      aria-controls="header-menu"
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '×' : '☰'}</span>
    </button>
  );
}

export function Header() {
  const { user, role, isBackOffice, signOut } = useSession();
  const shop = useShopInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const inRow = useMediaQuery(ROW_QUERY);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  useEscape(closeMenu, menuOpen);
  useEffect(() => {
    document.title = shop.name;
  }, [shop.name]);

  const logout = () => {
    closeMenu();
    signOut();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  // The back office's tabs are those the role may open (lib/roles.js): a staff member's are fewer.
  const links = isBackOffice ? ADMIN_TABS.filter((tab) => mayOpen(role, tab.page)) : CUSTOMER_LINKS;
  // One pinned row: brand, search, the links (in the menu below 1024 px), ride and cart; the
  // category strip under it on a wide screen, in the menu on a phone (docs/architecture.md).
  return (
    <header className={`header${menuOpen ? ' is-menu-open' : ''}`}>
      <div className="header__bar">
        <Link to="/" className="header__brand" onClick={closeMenu}>
          {shop.name}
        </Link>
        {mobile ? null : <SearchBox className="header__search" id="header-search" />}
        <div id="header-menu" className={`header__menu${menuOpen ? ' is-open' : ''}`}>
          <HeaderNav links={links} backOffice={isBackOffice} user={user} inRow={inRow} onNavigate={closeMenu} onLogout={logout} />
        </div>
        <div className="header__actions">
          {isBackOffice ? null : <RideRequestButton className="button button--accent header__ride" />}
          {isBackOffice ? null : <CartButton mobile={mobile} />}
          <MenuToggle open={menuOpen} onToggle={() => setMenuOpen((v) => !v)} />
        </div>
      </div>
      {showsCategories(pathname, isBackOffice) ? (
        <div className="header__categories">
          <CategoryTabs onNavigate={closeMenu} />
        </div>
      ) : null}
    </header>
  );
}
