// Which header tab is the current page's, and where the category strip shows: an admin's
// Products tab is theirs on the product list and on a product's page, and the category chips
// (the shop's aisles) show to an admin only there, never on the back office's other pages.

export function currentTab(pathname, tabs) {
  if (pathname === '/' || pathname.startsWith('/product/')) return tabs.find((t) => t.to === '/')?.page ?? null;
  const match = tabs.find((t) => t.to !== '/' && (pathname === t.to || pathname.startsWith(`${t.to}/`)));
  return match ? match.page : null;
}

export function showsCategories(pathname, isAdmin) {
  return !isAdmin || pathname === '/' || pathname.startsWith('/product/');
}
