import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noModuleCycles from './scripts/eslint/no-module-cycles.js';

// Layers import one way (docs/decisions/0023-layers.md). Each entry: the files, and what they may not import.
const storefrontBoundaries = [
  {
    group: ['@larder/api', '@larder/api/*', '**/apps/api/**'],
    message: 'The storefront must not import the API; call it through app/lib/api.',
  },
  {
    group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    message: 'No database code in the storefront.',
  },
];
const featuresLayer = {
  group: ['**/features/**'],
  message:
    'Shared code (components, lib) must not import features: move the piece into a feature, or pass it in.',
};
const routesLayer = {
  group: ['**/routes/**', '**/root.tsx'],
  message: 'Only the route table imports routes: features and shared code must not.',
};
const apiOuterLayers = {
  group: ['**/admin/**', '**/web/**', '**/app.ts', '**/server.ts', '**/services.ts', '**/seed/**'],
  message:
    'The composition root (services.ts, app.ts, admin/context.ts) wires these; modules, http and db must not import them.',
};
const moduleInternals = {
  group: ['**/modules/**'],
  message: 'http/, db/ and storage/ are below the modules: they must not import a module.',
};
// The contract's index pulls zod and every schema into a page's first load (decision 0021).
const moneyFromItsEntry = {
  name: '@larder/contract',
  importNames: [
    'formatMoney',
    'formatCents',
    'centsOf',
    'toMoneyString',
    'toMoneyNumber',
    'sumCents',
    'lineTotalCents',
    'orderTotalCents',
    'parseMoneyInput',
    'MoneyInputError',
  ],
  message:
    'Import money helpers from @larder/contract/money (parseMoneyInput from @larder/contract/money-input).',
};
const restrict = (...patterns) => ['error', { patterns }];
const restrictStorefront = (...patterns) => [
  'error',
  { paths: [moneyFromItsEntry], patterns: [...storefrontBoundaries, ...patterns] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
      '.stryker-tmp/**',
      'reports/**',
      // Scratch files a test writes and removes (admin.test's bundle of the command line).
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The storefront talks to the shop only over HTTP: never import the API or database code.
      'no-restricted-imports': restrictStorefront(),
    },
  },
  {
    files: [
      'apps/storefront/app/components/**/*.{ts,tsx}',
      'apps/storefront/app/lib/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictStorefront(featuresLayer, routesLayer),
    },
  },
  {
    files: ['apps/storefront/app/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictStorefront(routesLayer) },
  },
  {
    files: ['apps/api/src/modules/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    plugins: { larder: { rules: { 'no-module-cycles': noModuleCycles } } },
    rules: {
      'no-restricted-imports': restrict(apiOuterLayers),
      'larder/no-module-cycles': ['error', { modulesRoot: 'apps/api/src/modules' }],
    },
  },
  {
    files: ['apps/api/src/http/**/*.ts', 'apps/api/src/db/**/*.ts', 'apps/api/src/storage/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(apiOuterLayers, moduleInternals) },
  },
);
