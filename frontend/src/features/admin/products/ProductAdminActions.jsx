import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { useToast } from '../../../lib/toast';
import { deleteProduct } from './api';
import ProductFormModal from './ProductFormModal';
import { actionFailureMessage } from '../shared/messages';

// Edit / Delete on the product page.
export function ProductAdminActions({ product }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteProduct(product.id);
    } catch (err) {
      setDeleting(false);
      setConfirming(false);
      toast.error(actionFailureMessage(err, 'Failed to delete product', 'Error deleting product. Please try again.'));
      return;
    }
    setDeleting(false);
    setConfirming(false);
    toast.success('Product deleted successfully');
    // Leave first: refetching the open detail page now would only meet a 404.
    navigate('/');
    queryClient.removeQueries({ queryKey: ['product', product.id] });
    queryClient.removeQueries({ queryKey: ['product', String(product.id)] });
    queryClient.invalidateQueries({ queryKey: ['products'] });
  };

  return (
    <div className="admin-product-actions">
      <button type="button" className="admin-button admin-button--secondary" onClick={() => setEditing(true)}>Edit</button>
      <button type="button" className="admin-button admin-button--danger" onClick={() => setConfirming(true)}>Delete</button>
      <ProductFormModal open={editing} product={product} onClose={() => setEditing(false)} />
      <ConfirmDialog open={confirming} title="Delete Product" danger busy={deleting}
        message={`Delete "${product.name}"? This cannot be undone.`} confirmLabel={deleting ? 'Deleting...' : 'Delete'}
        onConfirm={remove} onCancel={() => setConfirming(false)} />
    </div>
  );
}
