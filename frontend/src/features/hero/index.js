export { HeroCarousel } from './components/HeroCarousel';
