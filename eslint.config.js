import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', 'data/**', 'test-results/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
      'no-restricted-imports': [
        'error',
        {
          // The contract's index pulls zod and every schema into a page's first load (decision 0021).
          paths: [
            {
              name: '@larder/contract',
              importNames: ['formatMoney', 'formatCents', 'centsOf', 'toMoneyString', 'toMoneyNumber', 'sumCents', 'lineTotalCents', 'orderTotalCents', 'parseMoneyInput', 'MoneyInputError'],
              message: 'Import money helpers from @larder/contract/money.',
            },
          ],
          patterns: [
            { group: ['@larder/api', '@larder/api/*', '**/apps/api/**'], message: 'The storefront must not import the API; call it through app/lib/api.' },
            { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'No database code in the storefront.' },
          ],
        },
      ],
    },
  },
);
