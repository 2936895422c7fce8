// Spec section 9: the cart badge caps at '99+' on desktop and '9+' on phones.
export function badgeText(count, mobile = false) {
  const cap = mobile ? 9 : 99;
  if (!count || count <= 0) return '';
  return count > cap ? `${cap}+` : String(count);
}
