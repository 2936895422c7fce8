// An e-mail address that a narrow column may wrap only after its @ or before a dot (base.css
// .email), never in the middle of a name.
export function Email({ address }) {
  if (!address) return null;
  const at = address.indexOf('@');
  const local = at < 0 ? address : address.slice(0, at + 1);
  const domain = at < 0 ? '' : address.slice(at + 1);
  const parts = domain.split(/(?=\.)/);
  return (
    <span className="email">
      {local}
      {parts.map((part, n) => (
        <span key={`${n}${part}`}>
          <wbr />
          {part}
        </span>
      ))}
    </span>
  );
}

export default Email;
