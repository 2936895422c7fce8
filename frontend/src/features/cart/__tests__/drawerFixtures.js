import SERVER_SHOP_INFO from '../../../test/fixtures/shopInfo.json';
import { todayLA } from '../../../lib/format';
import { plusDays, renderDrawer as renderWith } from './harness';

// What CartDrawer.test.jsx and PlaceOrder.test.jsx both render the drawer with.

// The operator's details and delivery options as the server serves them.
// The bookable days as the server would serve them today (the fixture's are a fixed day's).
export const SHOP = { ...SERVER_SHOP_INFO, deliveryLatestDate: plusDays(todayLA(), 30) };
export const IN_RANGE = plusDays(todayLA(), 2);

export const widget = {
  id: 1,
  name: 'Widget',
  price: 10,
  availability: true,
  quantity: 3,
  types: [],
  images: [],
  thumbnails: ['/media/w.jpg'],
};

export const renderDrawer = (lines, handlers = {}) => renderWith(lines, { 'GET /api/shop/info': { status: 200, body: SHOP }, ...handlers });

export const ORDER = {
  id: 42,
  customerName: 'Ada Buyer',
  createdAt: '2026-11-22T18:04:05Z',
  status: 'pending',
  deliveryOption: 'pickup',
  deliveryAddress: '',
  phoneNumber: '',
  deliveryDate: null,
  deliveryTime: '',
  specialInstructions: '',
  subtotal: 20,
  deliveryFee: 0,
  total: 20,
  items: [{ productId: 1, productTypeId: null, productName: 'Widget', productTypeName: null, quantity: 2, price: 10, subtotal: 20 }],
};
