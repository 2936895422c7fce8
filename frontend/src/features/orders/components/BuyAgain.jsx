import { useState } from 'react';
import { serverMessage } from '../../../lib/api';
import { useCart } from '../../../lib/cart';
import { useShopInfo } from '../../../lib/shopInfo';
import { useToast } from '../../../lib/toast';
import { useCurrentProducts } from '../api';
import { addedText, buyAgainProductIds, planBuyAgain, skippedText } from '../buyAgain';

const READ_FAILED = "Could not check today's prices. Please try again.";

// Adds the plan's lines; a line the cart still refuses (its stock moved meanwhile) is skipped
// with the cart's own sentence.
function addAll(plan, addItem) {
  const added = [];
  const skipped = [...plan.skipped];
  plan.adds.forEach((add) => {
    const result = addItem(add.product, add.type, add.quantity);
    if (result.ok) added.push(add);
    else skipped.push({ label: add.label, reason: result.message });
  });
  return { added, skipped };
}

function BuyAgainNote({ result, onViewCart }) {
  const { added, skipped } = result;
  return (
    <div className="buy-again__note" role="status">
      {added.length > 0 ? (
        <p>Added to your cart at today&apos;s prices: {added.map(addedText).join(', ')}.</p>
      ) : (
        <p>Nothing from this order could go back in your cart.</p>
      )}
      {skipped.length > 0 && <p>Not added: {skipped.map(skippedText).join(', ')}.</p>}
      {added.length > 0 && (
        <button type="button" className="button button--secondary" onClick={onViewCart}>
          View cart
        </button>
      )}
    </div>
  );
}

// "Buy again": reads the order's products as the catalog sells them today, then puts back what can
// still be bought (today's price, capped at today's stock and the per-order limit) and says what
// it added and what it skipped.
export function BuyAgain({ order }) {
  const { items, addItem, open } = useCart();
  const { maxUnitsPerLine } = useShopInfo();
  const toast = useToast();
  const products = useCurrentProducts();
  const [result, setResult] = useState(null);
  const ids = buyAgainProductIds(order);
  // Every product of the order was deleted: nothing could go back in the cart.
  if (!ids.length) return null;

  const buyAgain = () => {
    setResult(null);
    products.mutate(ids, {
      onSuccess: (productsById) =>
        setResult(addAll(planBuyAgain({ order, productsById, cartItems: items, maxUnits: maxUnitsPerLine }), addItem)),
      onError: (error) => toast.error(serverMessage(error, READ_FAILED)),
    });
  };

  return (
    <div className="buy-again">
      <button
        type="button"
        className="button button--secondary"
        onClick={buyAgain}
        disabled={products.isPending}
        aria-busy={products.isPending}
      >
        {products.isPending ? 'Checking prices...' : 'Buy again'}
      </button>
      {result && <BuyAgainNote result={result} onViewCart={open} />}
    </div>
  );
}
