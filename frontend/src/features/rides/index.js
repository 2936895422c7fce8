// Ride request modal (header button) and the customer's own ride list.
export { RideRequestButton } from './components/RideRequestButton';
export { MyRidesPage } from './components/MyRidesPage';
