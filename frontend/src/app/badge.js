// The cart badge caps at '99+' on desktop and '9+' on phones, so it never outgrows its circle.
export function badgeText(count, mobile = false) {
  const cap = mobile ? 9 : 99;
  if (!count || count <= 0) return '';
  return count > cap ? `${cap}+` : String(count);
}
