import { useCart } from '../../../lib/cart';

const labelOf = (item) => (item.selectedType ? `${item.product.name} - ${item.selectedType.name}` : item.product.name);

// Each of checkout's `errors.cartItems` ("<Product - Type>: <rule message>") with the cart line
// it names (the longest label it starts with), or none when no line matches.
export function refusedLines(messages, items) {
  const byLength = [...items].sort((a, b) => labelOf(b).length - labelOf(a).length);
  return messages.map((message, index) => {
    const item = byLength.find((candidate) => String(message).startsWith(`${labelOf(candidate)}:`)) ?? null;
    return { key: item ? item.cartKey : `refused-${index}`, item, message: String(message) };
  });
}

// The lines checkout refused under the compliance rules, each with the server's sentence beside
// it and its one-click Remove.
export function RuleRefusals({ problem }) {
  const { items, removeItem } = useCart();
  const named = problem?.field === 'cartItems' ? refusedLines(problem.lines ?? [], items).filter((line) => line.item) : [];
  if (!named.length) return null;
  // An alert, as a refusal on top would be: said once, beside the lines it is about.
  return (
    <div role="alert">
      <ul className="checkout-blocked" aria-label="Items that cannot be sold here" tabIndex={-1}>
        {named.map(({ key, item, message }) => (
          <li key={key} className="checkout-blocked__line" data-testid="cart-line-refused">
            <span id={`checkout-refused-${key}`}>{message}</span>
            <button
              type="button"
              className="button button--secondary checkout-blocked__remove"
              aria-label={`Remove ${labelOf(item)}`}
              aria-describedby={`checkout-refused-${key}`}
              onClick={() => removeItem(item.cartKey)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
