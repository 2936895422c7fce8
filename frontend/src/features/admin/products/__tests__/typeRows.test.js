import {
  TYPE_NAME_REQUIRED, isTemporaryId, newTypeRow, parseTypePrice, planTypeChanges, rowsFromTypes, saveTypes,
  validateTypeRows,
} from '../typeRows';

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

test('the plan creates new rows, updates changed ones and deletes removed ones', () => {
  const rows = rowsFromTypes(stored);
  rows[0].price = '11';
  rows.splice(1, 1); // Mango removed
  rows.push({ ...newTypeRow(), name: ' Lime ', price: '', quantity: '7', availability: false });

  const plan = planTypeChanges(stored, rows);

  expect(plan.deletes).toEqual([12]);
  expect(plan.creates).toEqual([{ name: 'Lime', price: null, quantity: 7, availability: false }]);
  // Grape is unchanged, so only Mint is sent.
  expect(plan.updates).toEqual([{ id: 11, payload: { name: 'Mint', price: 11, quantity: 4, availability: true } }]);
});

test('saving goes on after a failure and reports each failed kind', async () => {
  const order = [];
  const calls = {
    deleteType: jest.fn(async (pid, id) => { order.push(`delete ${id}`); }),
    createType: jest.fn(async (pid, payload) => { order.push(`create ${payload.name}`); if (payload.name === 'Bad') throw new Error('no'); }),
    updateType: jest.fn(async (pid, id) => { order.push(`update ${id}`); throw new Error('no'); }),
  };
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const plan = {
    deletes: [12],
    creates: [{ name: 'Bad' }, { name: 'Good' }],
    updates: [{ id: 11, payload: { name: 'Mint' } }],
  };

  const failures = await saveTypes(5, plan, calls);

  expect(order).toEqual(['delete 12', 'create Bad', 'create Good', 'update 11']);
  expect(calls.createType).toHaveBeenCalledWith(5, { name: 'Good' });
  expect(failures.map((f) => f.message)).toEqual(['Failed to add product type', 'Failed to update product type']);
  console.error.mockRestore();
});
