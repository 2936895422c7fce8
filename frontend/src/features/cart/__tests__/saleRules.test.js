import CATEGORIES from '../../../test/fixtures/categories.json';
import SHOP from '../../../test/fixtures/shopInfo.json';
import { cartLine, dateProblem, deliveryDateBounds, notShippableMessage, restrictedProducts, unshippableProduct } from '../saleRules';

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

  test("a day before today or past the last one is said in the server's words before asking for times", () => {
    const bounds = deliveryDateBounds(RULES, '2026-11-24');
    expect(dateProblem('2026-11-23', '2026-11-24', bounds, SHOP.checkoutMessages)).toBe(SHOP.checkoutMessages.datePast);
    expect(dateProblem('2027-03-01', '2026-11-24', bounds, SHOP.checkoutMessages)).toBe(SHOP.checkoutMessages.dateTooFar);
    expect(dateProblem('2026-12-24', '2026-11-24', bounds, SHOP.checkoutMessages)).toBe('');
    expect(dateProblem('', '2026-11-24', bounds, SHOP.checkoutMessages)).toBe('');
  });
});

describe('cart lines the shop no longer sells', () => {
  const messages = SHOP.cartLineMessages;
  const lamp = { id: 5, name: 'Lamp', price: 12, availability: true, types: [{ id: 9, name: 'Red', price: null, availability: true }] };
  const item = (product, type = null, quantity = 2) => ({
    cartKey: type ? `${product.id}_${type.id}` : String(product.id),
    productId: product.id,
    productTypeId: type ? type.id : null,
    quantity,
    product,
    selectedType: type,
  });

  test('a priced, available line can be ordered, at the price read now', () => {
    const line = cartLine(item(lamp), { ...lamp, price: 14 }, messages);
    expect(line).toMatchObject({ price: 14, problem: '', label: 'Lamp' });
  });

  test("a line without a price, withdrawn or gone says so in the server's words and counts nothing", () => {
    const unpriced = cartLine(item({ ...lamp, price: null }), undefined, messages);
    expect(unpriced.problem).toBe('Lamp has no price yet and cannot be ordered.');
    const removedSince = cartLine(item(lamp), { ...lamp, price: null }, messages);
    expect(removedSince.problem).toBe('Lamp has no price yet and cannot be ordered.');
    const withdrawn = cartLine(item(lamp), { ...lamp, availability: false }, messages);
    expect(withdrawn.problem).toBe('Lamp is no longer available. Please remove it from your cart.');
    expect(cartLine(item(lamp), null, messages).problem).toBe('Lamp is no longer available. Please remove it from your cart.');
    expect(withdrawn.reason).toBe('notForSale');
    expect(cartLine(item(lamp), undefined, messages).reason).toBe('');
  });

  test("a type takes the product's price when it has none; a type gone since is withdrawn", () => {
    const red = lamp.types[0];
    expect(cartLine(item(lamp, red), lamp, messages)).toMatchObject({ price: 12, problem: '', label: 'Lamp - Red' });
    expect(cartLine(item(lamp, red), { ...lamp, types: [] }, messages).problem).toBe(
      'Lamp - Red is no longer available. Please remove it from your cart.',
    );
  });
});
