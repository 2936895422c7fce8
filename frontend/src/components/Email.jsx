import { Fragment } from 'react';

// An e-mail address that a narrow column may wrap only after its @ or before a dot (base.css
// .email), never in the middle of a name. One element holds all its text, so it reads (and is
// found) as one string.
export function Email({ address }) {
  if (!address) return null;
  const at = address.indexOf('@');
  const local = at < 0 ? address : address.slice(0, at + 1);
  const parts = at < 0 ? [] : address.slice(at + 1).split(/(?=\.)/);
  return (
    <span className="email">
      {local}
      {parts.map((part, n) => (
        <Fragment key={`${n}${part}`}>
          <wbr />
          {part}
        </Fragment>
      ))}
    </span>
  );
}

export default Email;
