// Cart drawer (steps cart -> delivery options -> checkout); the app renders it once and the
// header's cart button opens it through useCart().open().
export { CartDrawer } from './components/CartDrawer';
