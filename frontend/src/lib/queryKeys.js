// Every React Query key of the app, in one place. Each domain's keys start with its root, so
// invalidating the root (`productKeys.all`) refreshes its lists and details alike; features build
// their query options and mutation invalidations from these factories only.
export const productKeys = {
  all: ['products'],
  // `stock` (low | out) is the admins' filter; a shopper's key always has null there.
  // `sort` null is the server's default order (newest); `inStock` narrows to what can be bought.
  /** @type {(filters?: {category?: string | null, search?: string, stock?: string | null, sort?: string | null, inStock?: boolean}) => unknown[]} */
  list: ({ category = null, search = '', stock = null, sort = null, inStock = false } = {}) => [
    'products',
    'list',
    { category, search, stock, sort: sort || null, inStock: Boolean(inStock) },
  ],
  // Ids arrive as numbers from the API and as strings from the URL: one form in the key.
  detail: (id) => ['products', 'detail', String(id)],
  // The copy an admin edits, with its ETag: under the detail, so refreshing one refreshes both.
  version: (id) => ['products', 'detail', String(id), 'version'],
  // A product's stock ledger (one figure or all, a page): under the detail, so a stock write's
  // invalidation of the products refreshes it.
  /** @type {(id: string | number, figure: string, page: number) => unknown[]} */
  ledger: (id, figure, page) => ['products', 'detail', String(id), 'ledger', figure || 'all', page],
};

export const orderKeys = {
  all: ['orders'],
  list: () => ['orders', 'list'],
  // The back office's filtered list and print view: `filters` holds only the values set.
  adminList: (filters = {}) => ['orders', 'admin-list', filters],
  print: (filters = {}) => ['orders', 'print', filters],
  // The driver's view: a day's local deliveries (null: today, as the server counts it).
  /** @type {(date?: string | null) => unknown[]} */
  deliveries: (date = null) => ['orders', 'deliveries', date],
};

export const reportKeys = {
  all: ['reports'],
  /** @type {(range?: {from?: string | null, to?: string | null}) => unknown[]} */
  sales: ({ from = null, to = null } = {}) => ['reports', 'sales', { from, to }],
  /** @type {(range?: {from?: string | null, to?: string | null}) => unknown[]} */
  taxes: ({ from = null, to = null } = {}) => ['reports', 'taxes', { from, to }],
};

export const rideKeys = {
  all: ['rides'],
  /** @type {(status?: string | null) => unknown[]} */
  list: (status = null) => ['rides', 'list', { status: status || null }],
  pricing: () => ['ride-pricing'],
};

export const heroKeys = {
  all: ['hero-images'],
};

export const userKeys = {
  all: ['users'],
  // The Users page's list under a search ('' for everyone).
  /** @type {(search?: string) => unknown[]} */
  list: (search = '') => ['users', 'list', { search }],
  // The Activity page's person filter: the admins and staff.
  people: () => ['users', 'people'],
};

// The back office's activity history: the Activity page's filtered list and a product's History tab.
export const activityKeys = {
  all: ['activity'],
  /** @type {(filters?: Record<string, string>) => unknown[]} */
  list: (filters = {}) => ['activity', 'list', filters],
  /** @type {(productId: string | number, page: number) => unknown[]} */
  product: (productId, page) => ['activity', 'product', String(productId), page],
};

// What checkout would charge for a cart (POST /api/orders/quote): one entry per body sent, so
// going back to a step already quoted reads the same answer.
export const quoteKeys = {
  all: ['quote'],
  /** @type {(body: unknown) => unknown[]} */
  body: (body) => ['quote', body],
};

// The back office's promotions (admins).
export const promotionKeys = {
  all: ['promotions'],
  list: () => ['promotions', 'list'],
};

export const deliveryKeys = {
  zip: (zip) => ['delivery-zip', zip],
  times: (date) => ['delivery-times', date],
  phone: (phone) => ['phone-check', phone],
};

// The back office's news of new orders and ride requests since `after` ({afterOrder, afterRide}).
export const announcementKeys = {
  all: ['announcements'],
  /** @type {(after?: {afterOrder: number, afterRide: number} | null) => unknown[]} */
  since: (after = null) => ['announcements', after],
};

// Compliance (issue 38): what the rules let be sold at a place (the shop front asks for the
// products shown), and the back office's rules and records. Invalidating `all` after a rule
// changes makes every open shop-front screen ask again.
export const complianceKeys = {
  all: ['compliance'],
  /** @type {(ids: Array<number | string>, place: Record<string, string>) => unknown[]} */
  check: (ids, place) => ['compliance', 'check', { ids: ids.map(String), ...place }],
  rules: () => ['compliance', 'rules'],
  /** @type {(range: {from: string, to: string}) => unknown[]} */
  n2oLog: (range) => ['compliance', 'n2o-log', range],
  /** @type {(month: string) => unknown[]} */
  deliverySales: (month) => ['compliance', 'delivery-sales', month],
};
