// ESLint for the React app (flat config). `make lint` runs it with --max-warnings 0.
import fs from 'node:fs';
import path from 'node:path';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SRC = 'frontend/src';
const FEATURES = fs
  .readdirSync(path.join(SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Boundaries: a feature never imports another feature (app/ composes them); the shared layers
// (lib/, components/) never import a feature or the app.
const boundaries = [
  ...FEATURES.map((feature) => ({
    target: `./${SRC}/features/${feature}`,
    from: `./${SRC}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: compose them in app/, or move the shared piece to components/ or lib/.',
  })),
  {
    target: [`./${SRC}/lib`, `./${SRC}/components`],
    from: [`./${SRC}/features`, `./${SRC}/app`],
    message: 'lib/ and components/ are shared layers: they never import a feature or the app.',
  },
];

export default [
  { ignores: ['frontend/static/**', 'node_modules/**', 'tools/**', '.venv/**', '.venv-tools/**', 'var/**'] },
  js.configs.recommended,
  {
    files: [`${SRC}/**/*.{js,jsx}`],
    plugins: { react, 'react-hooks': reactHooks, 'import-x': importX, '@eslint-community/eslint-comments': comments },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    settings: {
      react: { version: '19.0' },
      'import-x/resolver': { node: { extensions: ['.js', '.jsx'] } },
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // Props are not checked at run time: the API layer is typed (// @ts-check, JSDoc over the
      // generated api-types.d.ts, tsc in make lint) and frontend/README.md says why that replaces it.
      'react/prop-types': 'off',
      // Every function and component at most 12 paths (radon's limit for the Python app code).
      complexity: ['error', 12],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-unresolved': 'error',
      'import-x/named': 'error',
      'import-x/no-duplicates': 'warn',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'no-unused-vars': ['warn', { argsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
      // A rule switched off must say why (`-- reason`), and only for the rule it names.
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/no-unused-disable': 'error',
    },
  },
  {
    files: [`${SRC}/**/__tests__/**`, `${SRC}/test/**`],
    languageOptions: { globals: { ...globals.browser, ...globals.jest, ...globals.node } },
  },
  {
    files: ['*.config.js', 'babel.config.js', 'jest.config.js', 'webpack.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
];
