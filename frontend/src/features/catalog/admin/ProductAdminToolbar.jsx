import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { CategoryFlags } from './CategoryFlags';
import ProductFormModal from './ProductFormModal';
import { StockFilter } from './StockFilter';

// The stock filter and 'Add Product' above the grid; the new product starts in the category
// being browsed, whose sale rules (21+, shipping) sit beside them.
// Staff get the stock filter only: adding products and the category's rules are the admins'.
export function ProductAdminToolbar({ category }) {
  const [open, setOpen] = useState(false);
  const { isAdmin } = useSession();
  if (!isAdmin) {
    return (
      <div className="admin-toolbar">
        <StockFilter />
      </div>
    );
  }
  return (
    <div className="admin-toolbar">
      <CategoryFlags category={category} />
      <StockFilter />
      <button type="button" className="admin-button admin-button--primary" onClick={() => setOpen(true)}>
        Add Product
      </button>
      <ProductFormModal open={open} defaultCategory={category} onClose={() => setOpen(false)} />
    </div>
  );
}

// The empty catalog's call to action for admins.
export function EmptyCatalogAdminAction({ category } = {}) {
  const [open, setOpen] = useState(false);
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return (
    <>
      <button type="button" className="admin-button admin-button--primary" onClick={() => setOpen(true)}>
        Add your first product
      </button>
      <ProductFormModal open={open} defaultCategory={category} onClose={() => setOpen(false)} />
    </>
  );
}
