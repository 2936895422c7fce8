// Every screen of an order shows the same lines, each as the order answered it: the
// confirmation, My Orders, the admin's detail and the print/pick list.
import { screen, within } from '@testing-library/react';
import SHOP from '../../../test/fixtures/shopInfo.json';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { OrderConfirmationPage, OrdersPage } from '..';
import { PrintedOrder } from '../admin/PrintOrdersPage';

const CUSTOMER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };

// The CDTFA example with a code: $20.00 of e-liquid, $2.00 off, CECET and sales tax charged.
const TAXED = {
  id: 51,
  customerName: 'Ada Buyer',
  createdAt: '2026-11-22T18:04:05Z',
  status: 'pending',
  deliveryOption: 'pickup',
  subtotal: 20,
  discount: 2,
  deliveryFee: 0,
  exciseTax: 2.25,
  salesTax: 1.44,
  total: 21.69,
  salesTaxRate: 8,
  exciseTaxRate: 12.5,
  promoCode: 'RADIO10',
  items: [
    {
      id: 900,
      productId: 1,
      productTypeId: null,
      productName: 'Mango Juice',
      productTypeName: null,
      quantity: 1,
      price: 20,
      compareAtPrice: 25,
      discount: 2,
      exciseTax: 2.25,
      subtotal: 20,
    },
  ],
};

const FIGURES = [
  ['subtotal', '$20.00'],
  ['discount', '-$2.00'],
  ['exciseTax', '$2.25'],
  ['salesTax', '$1.44'],
  ['total', '$21.69'],
];

afterEach(() => sessionStorage.clear());

test('the confirmation shows each line from the order answer, with the code and the sale', async () => {
  mockFetch({ 'GET /api/shop/info': { status: 200, body: { ...SHOP, exciseTaxLabel: 'CA Electronic Cigarette Excise Tax' } } });
  sessionStorage.setItem('lastOrder', JSON.stringify(TAXED));
  renderWithProviders(<OrderConfirmationPage />, { user: CUSTOMER, route: '/order-confirmation' });
  FIGURES.forEach(([key, text]) => expect(screen.getByTestId(`confirmation-${key}`)).toHaveTextContent(text));
  expect(screen.getByText('Discount (RADIO10)')).toBeInTheDocument();
  expect(await screen.findByText('CA Electronic Cigarette Excise Tax')).toBeInTheDocument();
  expect(screen.getByText('Sales tax')).toBeInTheDocument();
  expect(screen.queryByTestId('confirmation-deliveryFee')).not.toBeInTheDocument();
  expect(screen.getByText('Sale')).toBeInTheDocument();
});

test('My Orders shows the same figures', async () => {
  mockFetch({
    'GET /api/orders': {
      status: 200,
      body: { orders: [TAXED], pagination: { page: 1, limit: 6, totalItems: 1, totalPages: 1, hasNextPage: false } },
    },
  });
  renderWithProviders(<OrdersPage />, { user: CUSTOMER, route: '/orders' });
  const card = (await screen.findByRole('heading', { name: 'Order #51' })).closest('article');
  FIGURES.forEach(([key, text]) => expect(within(card).getByTestId(`order-51-${key}`)).toHaveTextContent(text));
  expect(within(card).getByText(/discount -\$2\.00/)).toBeInTheDocument();
});

test('the pick list prints the same lines, with the fee even when it is $0.00', () => {
  mockFetch();
  renderWithProviders(<PrintedOrder order={TAXED} />, { user: CUSTOMER });
  FIGURES.forEach(([key, text]) => expect(screen.getByTestId(`print-51-${key}`)).toHaveTextContent(text));
  expect(screen.getByTestId('print-51-deliveryFee')).toHaveTextContent('$0.00');
});

test('an order placed before taxes shows no sales tax line and its subtotal as the spec has it', async () => {
  mockFetch();
  sessionStorage.setItem('lastOrder', JSON.stringify({ id: 3, deliveryOption: 'delivery', deliveryFee: 20, total: 45.5, items: [] }));
  renderWithProviders(<OrderConfirmationPage />, { user: CUSTOMER, route: '/order-confirmation' });
  expect(screen.getByTestId('confirmation-subtotal')).toHaveTextContent('$25.50');
  expect(screen.queryByTestId('confirmation-salesTax')).not.toBeInTheDocument();
});
