// The admins' catalog controls, loaded on demand into the "admin" chunk through adminSlots.js.
import '../../../styles/admin.css';

export { ProductAdminToolbar, EmptyCatalogAdminAction } from './ProductAdminToolbar';
export { ProductAdminActions } from './ProductAdminActions';
export { StockMark } from './StockMark';
export { StockLedgerPage } from './StockLedgerPage';
