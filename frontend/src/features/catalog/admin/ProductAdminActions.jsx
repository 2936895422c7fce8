import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { useToast } from '../../../lib/toast';
import { isStale, productVersionQuery, useDeleteProduct } from './api';
import { describeChanges, staleDeleteMessage } from './productVersion';
import { productKeys } from '../../../lib/queryKeys';
import ProductFormModal from './ProductFormModal';
import StockFormModal from './StockFormModal';
import { useSession } from '../../../lib/session';
import { actionFailureMessage } from '../../../lib/messages';

// A staff member's one action: the stock count and availability (lib/roles.js).
function StaffProductActions({ product }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="admin-product-actions">
      <button type="button" className="admin-button admin-button--secondary" onClick={() => setEditing(true)}>
        Edit Stock
      </button>
      <StockFormModal open={editing} product={product} onClose={() => setEditing(false)} />
    </div>
  );
}

// Edit / Delete on the product page (an admin's); Edit Stock (a staff member's).
export function ProductAdminActions({ product }) {
  const { isAdmin } = useSession();
  return isAdmin ? <OwnerProductActions product={product} /> : <StaffProductActions product={product} />;
}

function OwnerProductActions({ product }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const removal = useDeleteProduct({ onDeleted: () => navigate('/') });
  // The delete carries the version the admin is looking at (If-Match), read when they ask.
  const version = useQuery({ ...productVersionQuery(product.id), enabled: confirming });
  const deleting = removal.isPending || (confirming && version.isFetching);

  const remove = async () => {
    try {
      await removal.mutateAsync({ productId: product.id, etag: version.data?.etag });
    } catch (err) {
      setConfirming(false);
      if (isStale(err)) {
        // Someone changed it meanwhile: say what, and show the page as it is now.
        const fresh = await queryClient.fetchQuery(productVersionQuery(product.id)).catch(() => null);
        toast.error(staleDeleteMessage(describeChanges(version.data?.product ?? product, fresh?.product)), 6000);
        queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
        return;
      }
      toast.error(actionFailureMessage(err, 'Failed to delete product', 'Error deleting product. Please try again.'));
      return;
    }
    setConfirming(false);
    toast.success('Product deleted successfully');
  };

  return (
    <div className="admin-product-actions">
      <button type="button" className="admin-button admin-button--secondary" onClick={() => setEditing(true)}>
        Edit
      </button>
      <button type="button" className="admin-button admin-button--danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <ProductFormModal open={editing} product={product} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={confirming}
        title="Delete Product"
        danger
        busy={deleting}
        message={`Delete "${product.name}"? This cannot be undone.`}
        confirmLabel={deleting ? 'Deleting...' : 'Delete'}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
