// Every feature has the same shape (frontend/README.md "Layout"): its server calls in api.js, its
// screens in components/ (back-office ones in admin/), its tests in __tests__/, and index.js as
// the one entry app/ imports. A screen left at a feature's root fails here.
import fs from 'fs';
import path from 'path';

const FEATURES = path.resolve(__dirname, '../../features');
const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

test('the features are found', () => {
  expect(features).toEqual(expect.arrayContaining(['auth', 'cart', 'catalog', 'orders']));
});

test.each(features)('%s has api.js, components/, __tests__/ and index.js', (feature) => {
  const names = fs.readdirSync(path.join(FEATURES, feature));
  expect(names).toEqual(expect.arrayContaining(['api.js', 'components', '__tests__', 'index.js']));
});

test.each(features)('%s keeps no screen at its root', (feature) => {
  const screens = fs.readdirSync(path.join(FEATURES, feature)).filter((name) => name.endsWith('.jsx'));
  expect(screens).toEqual([]);
});
