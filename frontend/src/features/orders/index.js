// Shopper order screens: 'My Orders' and the page shown after checkout.
export { OrdersPage } from './components/OrdersPage';
export { OrderConfirmationPage } from './components/OrderConfirmationPage';
