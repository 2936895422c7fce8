import CATEGORIES from '../../../test/fixtures/categories.json';
import SHOP from '../../../test/fixtures/shopInfo.json';
import { deliveryDateBounds, deliveryTimes, notShippableMessage, restrictedProducts, unshippableProduct } from '../saleRules';

const categoryById = (id) => CATEGORIES.find((c) => c.id === id) ?? null;
const line = (product) => ({ cartKey: String(product.id), product, quantity: 1 });

const vape = { id: 1, name: 'Mango Ice', categoryId: 'disposables', ageRestricted: true, shippable: false };
const pipe = { id: 2, name: 'Glass Spoon', categoryId: 'glass-pipe', ageRestricted: true, shippable: true };
const balloon = { id: 3, name: 'Balloons', categoryId: 'party-supplies', ageRestricted: false, shippable: true };

describe('the cart and the 21+ confirmation', () => {
  test('names every restricted product once, in cart order', () => {
    const items = [line(balloon), line(vape), line(pipe), { ...line(vape), cartKey: '1_9' }];
    expect(restrictedProducts(items, categoryById)).toEqual(['Mango Ice', 'Glass Spoon']);
  });

  test('a cart of unrestricted products needs no confirmation', () => {
    expect(restrictedProducts([line(balloon)], categoryById)).toEqual([]);
    expect(restrictedProducts([], categoryById)).toEqual([]);
  });

  test("the product's own flag wins; a product saved without flags takes its category's (served) flags", () => {
    const oldCopy = { id: 4, name: 'Old Juice', categoryId: 'juices' };
    expect(restrictedProducts([line(oldCopy)], categoryById)).toEqual(['Old Juice']);
    expect(unshippableProduct([line(oldCopy)], categoryById)).toBe(oldCopy);
    const relaxed = { ...vape, ageRestricted: false, shippable: true };
    expect(restrictedProducts([line(relaxed)], categoryById)).toEqual([]);
    expect(unshippableProduct([line(relaxed)], categoryById)).toBeNull();
  });
});

describe('shipping', () => {
  test('the first product that cannot be mailed, and the reason in the words the server uses', () => {
    const product = unshippableProduct([line(pipe), line(vape)], categoryById);
    expect(product).toBe(vape);
    expect(notShippableMessage(SHOP.notShippable, product.name)).toBe(
      "Mango Ice can't be shipped. Please choose pickup or local delivery.",
    );
  });

  test('a shippable cart has none', () => {
    expect(unshippableProduct([line(pipe), line(balloon)], categoryById)).toBeNull();
  });
});

describe('delivery dates and times from the served rules', () => {
  // The fixture is what the server serves at Tue Nov 24 2026, 12:00 in Los Angeles.
  const RULES = SHOP;

  test('dates run from the earliest day to the last one', () => {
    expect(deliveryDateBounds(RULES, '2026-11-24')).toEqual({ min: '2026-11-24', max: '2026-12-24' });
  });

  test('an earliest day after today moves the first date; a stale one never goes before today', () => {
    const lateEvening = { ...RULES, deliveryEarliest: '2026-11-25T10:00-08:00' };
    expect(deliveryDateBounds(lateEvening, '2026-11-24').min).toBe('2026-11-25');
    expect(deliveryDateBounds(RULES, '2026-11-27').min).toBe('2026-11-27');
  });

  test('a later day offers every half hour within the hours, both ends included', () => {
    const times = deliveryTimes(RULES, '2026-11-30');
    expect(times[0]).toEqual({ value: '10:00', label: '10:00 AM' });
    expect(times[times.length - 1]).toEqual({ value: '20:00', label: '8:00 PM' });
    expect(times).toHaveLength(21);
  });

  test('the earliest day offers only the times from the earliest moment on', () => {
    expect(deliveryTimes(RULES, '2026-11-24')[0].value).toBe('14:00');
    const odd = { ...RULES, deliveryEarliest: '2026-11-24T14:07-08:00' };
    expect(deliveryTimes(odd, '2026-11-24')[0].value).toBe('14:30');
    const late = { ...RULES, deliveryEarliest: '2026-11-24T19:59-08:00' };
    expect(deliveryTimes(late, '2026-11-24').map((t) => t.value)).toEqual(['20:00']);
  });

  test('a day before the earliest offers none; other hours come from the server', () => {
    expect(deliveryTimes(RULES, '2026-11-23')).toEqual([]);
    const short = { ...RULES, deliveryHours: { start: '09:30', end: '11:00' } };
    expect(deliveryTimes(short, '2026-11-30').map((t) => t.value)).toEqual(['09:30', '10:00', '10:30', '11:00']);
  });

  test('no rules yet: no times', () => {
    expect(deliveryTimes({}, '2026-11-30')).toEqual([]);
  });
});
