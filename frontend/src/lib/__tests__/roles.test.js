import { mayOpen, roleOf } from '../roles';

test("staff open the orders, rides, products and deliveries; the rest is the admins'", () => {
  const staffPages = ['dashboard', 'products', 'orders', 'rides', 'deliveries', 'hero', 'users', 'settings', 'activity'].filter((page) =>
    mayOpen('staff', page),
  );
  expect(staffPages).toEqual(['products', 'orders', 'rides', 'deliveries']);
  expect(mayOpen('admin', 'settings')).toBe(true);
  expect(mayOpen('customer', 'orders')).toBe(false);
});

test('a page the table does not name is the admins only, and an unknown role reads as a customer', () => {
  expect(mayOpen('admin', 'a-new-screen')).toBe(true);
  expect(mayOpen('staff', 'a-new-screen')).toBe(false);
  expect(mayOpen('admin', undefined)).toBe(true);
  expect(roleOf('owner')).toBe('customer');
  expect(mayOpen('owner', 'orders')).toBe(false);
});
