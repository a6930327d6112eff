import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The dependency rule (docs/architecture.md), checked on every import. A package is named by its
// package name (`@shop/domain`); a relative path that climbs into another package or layer is
// caught by the folder names it passes through.
const webApps = {
  regex: String.raw`^@shop/(web-shop|admin)(/|$)|^(\.\./)+(web-shop|admin)(/|$)`,
  message: 'Nothing imports a web app: share code through a services package instead.',
};
const frameworks = {
  regex: String.raw`^(?!\.{1,2}/)`,
  message: 'The domain imports no framework and no other package: only its own modules.',
};
const domainOrLater = {
  regex: String.raw`^@shop/(domain|projections|app)(/|$)|^(\.\./)+(domain|projections|app)(/|$)`,
  message: 'The event store knows nothing of the domain, the projections or the app.',
};
const appOrHttp = {
  regex: String.raw`^@shop/app(/|$)|^(\.\./)+(services/)?app(/|$)|^express(/|$)`,
  message: 'Projections never import the app nor the HTTP layer.',
};
const httpLayer = {
  regex: String.raw`^express(/|$)|^\.{1,2}/(\.\./)*api(/|$)`,
  message:
    'Services never import the HTTP layer (api/, express): throw a domain error (errors.ts) and let api/problem.ts map it.',
};

const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
  // The dependency rule. Each file gets one list: a later block replaces an earlier one's.
  { files: ['services/**', 'projections/**', 'test/**'], rules: restrictImports(webApps) },
  { files: ['services/domain/**'], rules: restrictImports(frameworks, webApps) },
  {
    // Decider tests and their given/when/then helper use the test runner.
    files: ['services/domain/**/*.spec.ts', 'services/domain/src/shared/decider-spec.ts'],
    rules: restrictImports({ ...frameworks, regex: String.raw`^(?!\.{1,2}/|vitest$)` }),
  },
  { files: ['services/event-store/**'], rules: restrictImports(webApps, domainOrLater) },
  { files: ['projections/**'], rules: restrictImports(webApps, appOrHttp) },
  {
    files: ['services/app/src/**'],
    // The HTTP layer itself, the process entry points and wiring, and tests may use it.
    ignores: [
      'services/app/src/api/**',
      'services/app/src/main.ts',
      'services/app/src/roles.ts',
      'services/app/src/runtime.ts',
      'services/app/src/testing/**',
      '**/*.spec.ts',
    ],
    rules: restrictImports(webApps, httpLayer),
  },
);
