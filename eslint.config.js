import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importCycles from './eslint-rules/no-import-cycle.js';
import commandPaths from './eslint-rules/one-command-path.js';

const localRules = { rules: { ...importCycles.rules, ...commandPaths.rules } };

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

const contractsOnly = {
  regex: String.raw`^@shop/(?!contracts$)|^(\.\./)+(services|projections)(/|$)`,
  message: "A web app takes the API's shapes from @shop/contracts and imports no other package of the server.",
};
const contractDependencies = {
  regex: String.raw`^(?!\.{1,2}/|zod$|@shop/domain$)`,
  message: "The contracts import zod and the domain's vocabulary only: both web apps bundle them.",
};

const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Shop features do not import each other; shared code (components, lib, ...) never imports a feature. */
function webShopBoundaries() {
  const src = 'web-shop/src';
  const features = readdirSync(`${src}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const sharedFolders = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'features' && entry.name !== 'app')
    .map((entry) => entry.name);
  const configs = [
    {
      files: sharedFolders.map((folder) => `${src}/${folder}/**`),
      rules: restrictImports(contractsOnly, {
        regex: String.raw`(^|/)features(/|$)`,
        message: 'Shared code never imports a feature: move what both need to components/, lib/ or types/.',
      }),
    },
  ];
  // A relative import leaves its feature after as many `../` as the file is deep inside it.
  for (const feature of features) {
    for (let depth = 0; depth < 5; depth += 1) {
      const up = String.raw`(\.\./)`;
      configs.push({
        files: [`${src}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: restrictImports(contractsOnly, {
          regex: String.raw`^${up}{${depth + 1}}(?!${feature}/)[^./][^/]*/|^${up}{${depth + 2}}features/(?!${feature}/)`,
          message: `Features do not import each other (${feature}): move what both need to components/, lib/ or types/, or compose them in app/.`,
        }),
      });
    }
  }
  return configs;
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'web-shop/dist/**', 'scripts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { local: localRules },
    rules: {
      'local/no-import-cycle': 'error',
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
    // The config module, test setup (which builds the environment of the processes it starts) and
    // process entry points are where the environment is read.
    files: [
      'services/app/src/config.ts',
      'services/testing/**',
      'services/app/src/testing/**',
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
  { files: ['services/contracts/**'], rules: restrictImports(contractDependencies, webApps) },
  { files: ['web-shop/**', 'admin/**'], rules: restrictImports(contractsOnly) },
  { files: ['services/event-store/**'], rules: restrictImports(webApps, domainOrLater) },
  { files: ['projections/**'], rules: restrictImports(webApps, appOrHttp) },
  {
    files: ['services/app/src/**'],
    // The HTTP layer itself, each area's routes (`*-routes.ts`, and the sign-in flow they share),
    // the process entry points and wiring, and tests may use it.
    ignores: [
      'services/app/src/api/**',
      'services/app/src/**/*-routes.ts',
      'services/app/src/accounts/oidc-sign-in.ts',
      'services/app/src/main.ts',
      'services/app/src/create-app.ts',
      'services/app/src/roles.ts',
      'services/app/src/runtime.ts',
      'services/app/src/testing/**',
      '**/*.spec.ts',
    ],
    rules: restrictImports(webApps, httpLayer),
  },
  {
    // One way to change a stream: each stream type's command module, the only code that calls its
    // decider or appends to its streams (tests and their helpers excepted).
    files: ['services/app/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'services/app/src/testing/**'],
    rules: {
      'local/one-command-path': [
        'error',
        {
          paths: ['services/app/src/infrastructure/stream-commands.ts'],
          commandModules: {
            'services/app/src/subscriptions/subscription-commands.ts': ['subscriptionDecider'],
            'services/app/src/catalogue/promotion-commands.ts': ['promotionDecider'],
            'services/app/src/catalogue/plan-commands.ts': ['planDecider'],
            'services/app/src/accounts/account-commands.ts': ['accountDecider'],
            'services/app/src/credentials/credential-set-commands.ts': ['credentialSetDecider'],
            'services/app/src/credentials/credential-reveal-commands.ts': ['credentialRevealDecider'],
            'services/app/src/free-offer/free-offer-commands.ts': ['freeOfferDecider'],
            'services/app/src/inquiries/inquiry-commands.ts': ['inquiryDecider'],
            'services/app/src/audit/data-export-commands.ts': ['dataExportDecider'],
            'services/app/src/invoicing/accounting-commands.ts': ['accountingSeriesDecider'],
            'services/app/src/integrations/api-key-commands.ts': ['apiKeyDecider'],
            'services/app/src/integrations/webhooks/webhook-endpoint-commands.ts': ['webhookEndpointDecider'],
            // The provider record streams have no decider: observations appended as they came.
            'services/app/src/payments/provider-record-commands.ts': [],
          },
        },
      ],
    },
  },
  ...webShopBoundaries(),
);
