import { useState } from 'react';

// One promo code per order. The shopper types it and applies it; the quote answers whether it
// applies (`promo`: {code, applied, message}) and, when not, why, in the server's words.
export function PromoCodeField({ code, promo, onApply }) {
  const [typed, setTyped] = useState(code);
  const refused = Boolean(code) && promo && promo.applied === false;
  const applied = Boolean(code) && promo && promo.applied === true;

  function apply(event) {
    event.preventDefault();
    onApply(typed.trim());
  }

  function remove() {
    setTyped('');
    onApply('');
  }

  if (applied) {
    return (
      <div className="promo-code promo-code--applied" role="status">
        <span>
          Code <strong>{promo.code || code}</strong> applied{promo.message ? `: ${promo.message}` : ''}
        </span>
        <button type="button" className="button button--secondary promo-code__remove" onClick={remove}>
          Remove code
        </button>
      </div>
    );
  }
  return (
    <form className="promo-code" onSubmit={apply} noValidate>
      <label htmlFor="cart-promo-code" className="promo-code__label">
        Promo code
      </label>
      <div className="promo-code__row">
        <input
          id="cart-promo-code"
          name="promoCode"
          type="text"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={refused ? 'true' : undefined}
          aria-describedby={refused ? 'cart-promo-code-error' : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={!typed.trim()}>
          Apply
        </button>
      </div>
      {refused && (
        <p className="form-error" role="alert" id="cart-promo-code-error">
          {promo.message}
        </p>
      )}
    </form>
  );
}
