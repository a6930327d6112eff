import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'web-shop/dist/**', 'scripts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through the validated config (services/app/src/config.ts).',
        },
      ],
    },
  },
  {
    // The config module, test setup and process entry points are where the environment is read.
    files: [
      'services/app/src/config.ts',
      'services/testing/**',
      'test/e2e/**',
      '**/*.spec.ts',
      'services/app/bench/**',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
