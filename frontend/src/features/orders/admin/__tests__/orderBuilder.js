// An order as GET /api/orders answers it: a pending local delivery booked for noon on Mon Nov 23
// 2026, without an ID check. Each test changes what it is about.
export const order = (id, extra = {}) => ({
  id,
  userId: 5,
  userEmail: `buyer${id}@example.com`,
  customerName: `Buyer ${id}`,
  createdAt: '2026-11-23T17:00:00Z',
  status: 'pending',
  deliveryOption: 'delivery',
  deliveryAddress: `${id} Main St, Anaheim, CA 92801`,
  phoneNumber: `(714) 555-01${String(id).padStart(2, '0')}`,
  deliveryDate: '2026-11-23',
  deliveryTime: '12:00',
  specialInstructions: '',
  idNotice: null,
  subtotal: 40,
  deliveryFee: 0,
  total: 40,
  items: [{ productId: 3, productTypeId: 9, productName: 'Cloud Vape', productTypeName: 'Mint', quantity: 2, price: 20, subtotal: 40 }],
  ...extra,
});
