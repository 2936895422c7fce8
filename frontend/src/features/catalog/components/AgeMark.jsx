// The "21+" mark of a product sold to adults only (its category's `ageRestricted` flag, served
// with every product).
export function AgeMark({ product }) {
  if (!product || product.ageRestricted !== true) return null;
  return (
    <span className="age-mark" title="Sold to adults 21 and older only">
      21+
    </span>
  );
}
