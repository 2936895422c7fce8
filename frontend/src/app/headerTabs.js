// Which header tab is the current page's, and where the category strip shows: an admin's
// Products tab is theirs on the product list and on a product's page, and the category chips
// (the shop's aisles) show only there, to everyone.

export function currentTab(pathname, tabs) {
  if (pathname === '/' || pathname.startsWith('/product/')) return tabs.find((t) => t.to === '/')?.page ?? null;
  const match = tabs.find((t) => t.to !== '/' && (pathname === t.to || pathname.startsWith(`${t.to}/`)));
  return match ? match.page : null;
}

// The chips lead to the catalog: they show where the catalog is (the list and a product's page),
// for a shopper and an admin alike; My Orders, the rides and the account are not aisles.
export function showsCategories(pathname) {
  return pathname === '/' || pathname.startsWith('/product/');
}
