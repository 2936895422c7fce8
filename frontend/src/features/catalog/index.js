// ProductPage is loaded lazily by app/routes.jsx from './ProductPage' directly.
export { HomePage } from './HomePage';
