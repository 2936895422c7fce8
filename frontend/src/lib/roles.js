// Who sees which back-office page. The server refuses whatever a role may not do (its
// permission matrix); this only chooses what the screens offer, so a staff member is never
// shown a tab or a button that would answer 403.
//   admin: the owner, everything; staff: orders, rides, products (stock and availability
//   only) and the deliveries; customer: the shop.

export const ROLES = ['admin', 'staff', 'customer'];

const BACK_OFFICE = ['admin', 'staff'];
const ADMIN_ONLY = ['admin'];

const PAGE_ROLES = {
  dashboard: ADMIN_ONLY,
  products: BACK_OFFICE,
  orders: BACK_OFFICE,
  rides: BACK_OFFICE,
  deliveries: BACK_OFFICE,
  hero: ADMIN_ONLY,
  users: ADMIN_ONLY,
  settings: ADMIN_ONLY,
  activity: ADMIN_ONLY,
  promotions: ADMIN_ONLY,
  taxes: ADMIN_ONLY,
  compliance: ADMIN_ONLY,
};

// A role the app does not know reads as a customer's: it is shown the least.
export const roleOf = (role) => (ROLES.includes(role) ? role : 'customer');

export const isBackOfficeRole = (role) => BACK_OFFICE.includes(role);

// A page this table does not name is the admins' only: a new back-office screen is hidden
// from staff until it is given to them here.
/** @type {(role: string | null | undefined, page?: string) => boolean} */
export const mayOpen = (role, page) => (PAGE_ROLES[page] ?? ADMIN_ONLY).includes(roleOf(role));
