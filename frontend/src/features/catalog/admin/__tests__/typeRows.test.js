import { TYPE_NAME_REQUIRED, isTemporaryId, newTypeRow, parseTypePrice, rowsFromTypes, typesPayload, validateTypeRows } from '../typeRows';

const stored = [
  { id: 11, name: 'Mint', availability: true, price: 9.5, quantity: 4 },
  { id: 12, name: 'Mango', availability: false, price: null, quantity: 0 },
  { id: 13, name: 'Grape', availability: true, price: 10, quantity: 2 },
];

test('new rows get distinct temporary ids', () => {
  const a = newTypeRow();
  const b = newTypeRow();
  expect(a.id).toMatch(/^tmp-\d+$/);
  expect(b.id).not.toBe(a.id);
  expect(isTemporaryId(a.id)).toBe(true);
  expect(isTemporaryId(11)).toBe(false);
});

test('price is parsed to a number or null', () => {
  expect(parseTypePrice('12.50')).toBe(12.5);
  expect(parseTypePrice(' 3 ')).toBe(3);
  expect(parseTypePrice('')).toBeNull();
  expect(parseTypePrice('abc')).toBeNull();
  expect(parseTypePrice(null)).toBeNull();
  expect(parseTypePrice(0)).toBe(0);
});

test('every row needs a name', () => {
  expect(validateTypeRows([{ ...newTypeRow(), name: 'Mint' }])).toBeNull();
  expect(validateTypeRows([{ ...newTypeRow(), name: '   ' }])).toBe(TYPE_NAME_REQUIRED);
  expect(TYPE_NAME_REQUIRED).toBe('Please enter name for the product type');
});

test('the types field is the full list: stored rows with their id, new rows without, removed rows left out', () => {
  const rows = rowsFromTypes(stored);
  rows[0].price = '11';
  rows.splice(1, 1); // Mango removed
  rows.push({ ...newTypeRow(), name: ' Lime ', price: '', quantity: '7', availability: false });

  expect(typesPayload(rows)).toEqual([
    { id: 11, name: 'Mint', price: 11, compareAtPrice: null, quantity: 4, availability: true },
    { id: 13, name: 'Grape', price: 10, compareAtPrice: null, quantity: 2, availability: true },
    { name: 'Lime', price: null, compareAtPrice: null, quantity: 7, availability: false },
  ]);
});
