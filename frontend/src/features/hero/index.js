export { HeroCarousel } from './HeroCarousel';
