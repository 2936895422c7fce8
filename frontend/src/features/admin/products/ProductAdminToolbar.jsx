import { useRef, useState } from 'react';
import ProductFormModal from './ProductFormModal';

// 'Add Product' above the grid; the new product starts in the category being browsed.
export function ProductAdminToolbar({ category }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-toolbar">
      <button type="button" className="admin-button admin-button--primary" onClick={() => setOpen(true)}>Add Product</button>
      <ProductFormModal open={open} defaultCategory={category} onClose={() => setOpen(false)} />
    </div>
  );
}

// The empty catalog's call to action for admins.
export function EmptyCatalogAdminAction({ category } = {}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="admin-button admin-button--primary" onClick={() => setOpen(true)}>Add your first product</button>
      <ProductFormModal open={open} defaultCategory={category} onClose={() => setOpen(false)} />
    </>
  );
}
