// ProductPage is loaded lazily by app/routes.jsx from './components/ProductPage' directly.
export { HomePage } from './components/HomePage';
