// The records' columns: the server's row keys in its order, named for people. A key this list
// does not know is still shown, its name spelled out ("handedOverBy" -> "Handed over by").
const LABELS = {
  date: 'Date',
  handedOverAt: 'Handed over',
  order: 'Order',
  orderId: 'Order',
  buyer: 'Buyer',
  buyerName: 'Buyer',
  homeAddress: 'Home address',
  address: 'Address',
  idType: 'ID type',
  birthYear: 'Year of birth',
  brand: 'Brand',
  product: 'Product',
  quantity: 'Quantity',
  handedOverBy: 'Handed over by',
  deliveredBy: 'Delivered by',
  signature: 'Signature',
  signatureUrl: 'Signature',
};

export const columnLabel = (key) =>
  LABELS[key] ??
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

export const columnsOf = (rows) => (rows.length ? Object.keys(rows[0]) : []);

export const isSignatureColumn = (key) => /signature/i.test(key);

// YYYY-MM of the month before `today` (YYYY-MM-DD): the report due by the 10th.
export function previousMonth(today) {
  const [year, month] = today.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

// The first of `today`'s month to `today`.
export const thisMonthSoFar = (today) => ({ from: `${today.slice(0, 7)}-01`, to: today });
