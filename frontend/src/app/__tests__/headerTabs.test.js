import { ADMIN_TABS } from '../Header';
import { currentTab, showsCategories } from '../headerTabs';

test("the admin's Products tab is current on the list and on a product's page", () => {
  expect(currentTab('/', ADMIN_TABS)).toBe('products');
  expect(currentTab('/product/12', ADMIN_TABS)).toBe('products');
  expect(currentTab('/orders', ADMIN_TABS)).toBe('orders');
  expect(currentTab('/dashboard', ADMIN_TABS)).toBe('dashboard');
  expect(currentTab('/order-confirmation', ADMIN_TABS)).toBe(null);
});

test('category chips show with the catalog only, to customers and admins alike', () => {
  for (const path of ['/orders', '/account', '/rides', '/order-confirmation']) {
    expect(showsCategories(path, false)).toBe(false);
  }
  expect(showsCategories('/', false)).toBe(true);
  for (const path of ['/orders', '/users', '/dashboard', '/settings', '/hero', '/rides']) {
    expect(showsCategories(path, true)).toBe(false);
  }
  expect(showsCategories('/', true)).toBe(true);
  expect(showsCategories('/product/3', true)).toBe(true);
});
