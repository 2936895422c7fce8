// The back office's promotions (admins), loaded on demand with the other admin screens.
import '../../styles/admin.css';

export { PromotionsPage } from './components/PromotionsPage';
