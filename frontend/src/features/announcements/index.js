// The back office's news of new orders and ride requests (sound, notification, title count).
export { Announcements } from './components/Announcements';
