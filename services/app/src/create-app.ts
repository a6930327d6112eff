import type { PaymentService } from './payments/payment-service.js';
import type { SandboxProvider } from './payments/sandbox-provider.js';
import { orderRoutes } from './subscriptions/order-routes.js';
import { mySubscriptionRoutes } from './subscriptions/my-subscription-routes.js';
import { paymentRoutes } from './payments/payment-routes.js';
import type { EventStore } from '@shop/event-store';
import type { StripeSync } from './payments/stripe-sync.js';
import { adminPaymentRoutes } from './payments/admin-payment-routes.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { z } from 'zod';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '@shop/projections';
import type { AccountService } from './accounts/account-service.js';
import type { TwoFactorService } from './accounts/two-factor-service.js';
import type { ShopConfig } from './config.js';
import type { Logger } from './infrastructure/logger.js';
import type { ShopKeys } from './security/keys.js';
import type { RateLimits } from './security/rate-limits.js';
import { authenticate, cookiePolicy, csrfProtection } from './api/auth/authentication.js';
import { requireStaff } from './api/auth/staff-guard.js';
import { adminRoleRoutes } from './accounts/admin-role-routes.js';
import type { InquiryService } from './inquiries/inquiry-service.js';
import { adminUserRoutes } from './accounts/admin-user-routes.js';
import { adminHistoryRoutes } from './history/admin-history-routes.js';
import type { RecordHistory } from './history/record-history.js';
import type { FreeOfferService } from './free-offer/free-offer-service.js';
import { adminGrantRoutes } from './subscriptions/admin-grant-routes.js';
import { freeOfferRoutes } from './free-offer/free-offer-routes.js';
import { adminExportRoutes } from './audit/admin-export-routes.js';
import { adminStatsRoutes } from './history/admin-stats-routes.js';
import type { CredentialService } from './credentials/credential-service.js';
import { adminCatalogueRoutes } from './catalogue/admin-catalogue-routes.js';
import { adminSubscriptionRoutes } from './subscriptions/admin-subscription-routes.js';
import { adminRefundRoutes } from './subscriptions/admin-refund-routes.js';
import { mailPreviewRoutes } from './mail/mail-preview-routes.js';
import { credentialRoutes } from './credentials/credential-routes.js';
import { apiKeyRoutes } from './integrations/api-key-routes.js';
import type { ApiKeys } from './integrations/api-keys.js';
import { authenticateApiKey } from './api/auth/api-key-guard.js';
import { webhookRoutes } from './integrations/webhooks/webhook-routes.js';
import { createWebhookEndpoints } from './integrations/webhooks/webhook-endpoints.js';
import { inquiryRoutes } from './inquiries/inquiry-routes.js';
import { inquiryReplyRoutes } from './inquiries/inquiry-reply-routes.js';
import { workQueueRoutes } from './dashboard/work-queue-routes.js';
import { authRoutes } from './accounts/auth-routes.js';
import { meRoutes } from './accounts/me-routes.js';
import { notificationRoutes } from './notifications/notification-routes.js';
import { myInvoiceRoutes } from './invoicing/my-invoice-routes.js';
import { adminInvoiceRoutes, myInvoicePdfRoutes } from './invoicing/invoice-routes.js';
import { oidcRoutes } from './accounts/oidc-routes.js';
import { signInProviderRoutes } from './accounts/sign-in-provider-routes.js';
import { passwordResetRoutes } from './accounts/password-reset-routes.js';
import { ApiDocument, type TagDoc } from './api/openapi.js';
import { apiReferenceRoutes } from './api/api-reference-routes.js';
import { problemHandler, unmatchedRequestHandler } from './api/problem.js';
import { useRequestLog } from './api/request-log.js';
import { refuseBodyNotJson, refuseBodyNotUtf8, refuseUnexpectedBody, requestGuard } from './api/request-guard.js';
import { catalogueListRoute, catalogueRoutes } from './catalogue/catalogue-routes.js';
import { publicPageRoutes, sendShopPage } from './public-pages/public-page-routes.js';
import { compressedHere } from './api/send-prepared.js';
import type { ShopPage } from './public-pages/shop-pages.js';
import { healthRoutes } from './operations/health-routes.js';
import type { ShopMetrics } from './operations/metrics.js';
import { metricsOnPublicPort } from './operations/metrics-routes.js';
import { tracingOn } from './operations/tracing.js';
import { traceRequests } from './api/request-tracing.js';
import { routePattern } from './api/route-pattern.js';
import type { ReadinessCheck } from './operations/readiness.js';
import type { ShopCommands } from './shop-commands.js';
import type { OrderService } from './subscriptions/order-service.js';
import type { OperatorSubscriptions } from './subscriptions/operator-subscriptions.js';
import type { OperatorRefunds } from './subscriptions/operator-refunds.js';
import type { OperatorCatalogue } from './catalogue/operator-catalogue.js';

export interface AppDependencies {
  knex: Knex;
  logger: Logger;
  readiness: readonly ReadinessCheck[];
  accounts: AccountService;
  limits: RateLimits;
  twoFactor: TwoFactorService;
  config: ShopConfig;
  keys: ShopKeys;
  clock: () => Date;
  payments: PaymentService;
  orders: OrderService;
  sandbox: SandboxProvider | null;
  store: EventStore;
  commands: ShopCommands;
  operatorSubscriptions: OperatorSubscriptions;
  operatorRefunds: OperatorRefunds;
  apiKeys: ApiKeys;
  vault: PersonalDataVault;
  operatorCatalogue: OperatorCatalogue;
  inquiries: InquiryService;
  credentials: CredentialService;
  freeOffer: FreeOfferService;
  history: RecordHistory;
  stripeSync: StripeSync;
  /** The process's metrics: requests timed, and `/metrics` here when METRICS_TOKEN is set without METRICS_PORT. */
  metrics?: ShopMetrics;
}

/** The largest body each parser reads, in bytes; the server refuses a larger one announced with `Expect: 100-continue` before it is sent. */
export const BODY_LIMITS = { webhooks: 1024 * 1024, json: 100 * 1024 } as const;

/** The HTTP application, without `listen`: main files and tests start it. */
export function createApp(deps: AppDependencies): Express {
  const app = express();
  const doc = new ApiDocument({ checkResponses: deps.config.nodeEnv === 'test' });
  app.disable('x-powered-by');
  // req.ip, which rate limits and the security activity read, follows X-Forwarded-For only from these proxies.
  app.set('trust proxy', deps.config.trustProxy);
  const metrics = deps.metrics?.served ? deps.metrics : undefined;
  useRequestLog(
    app,
    deps.logger,
    metrics
      ? (req, res, seconds) =>
          metrics.requestAnswered({ method: req.method, route: routePattern(req), status: res.statusCode }, seconds)
      : undefined,
  );
  if (tracingOn()) app.use(traceRequests());
  // Scraped before the rest of the pipeline: a token, not a session, opens it.
  if (metrics && deps.config.metricsToken && deps.config.metricsPort === null) {
    app.use(metricsOnPublicPort(metrics, deps.config.metricsToken));
  }
  app.use(helmet());
  // Answers kept ready in memory, before the per-request machinery they do not need (ADR 0020).
  app.use(catalogueListRoute({ knex: deps.knex }, doc));
  // Answers about a person or for the back-office, errors included, are never kept by a cache.
  app.use(['/api/me', '/api/admin'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The shop's scripts and the API's JSON leave gzipped; a proxy in front may do it instead.
  // Answers prepared in their encodings (pages, sendPrepared) are left as they are, plain ones included.
  app.use(compression({ filter: (req, res) => !compressedHere(res) && compression.filter(req, res) }));
  // Providers sign the exact bytes they send: webhooks keep their raw body.
  app.use('/webhooks', express.raw({ type: () => true, limit: BODY_LIMITS.webhooks }));
  app.use(express.json({ limit: BODY_LIMITS.json, verify: refuseBodyNotUtf8 }));
  app.use(cookieParser());
  app.use(requestGuard);
  // A request with an API key is the key's alone: recognised and held to its scopes before anything reads a session.
  app.use(authenticateApiKey({ apiKeys: deps.apiKeys, limits: deps.limits, doc }));
  app.use(authenticate({ key: deps.keys.accessTokens, accounts: deps.accounts }));
  app.use(
    csrfProtection({
      key: deps.keys.csrfTokens,
      publicUrl: deps.config.publicUrl,
      sessionOfRefreshToken: (token) => deps.accounts.sessionOfRefreshToken(token),
      tokenExempt: [
        '/api/auth/sign-in',
        '/api/auth/sign-in/second-factor',
        '/api/auth/sign-up',
        '/api/auth/password-reset',
        '/api/auth/password-reset/confirm',
      ],
      exemptPrefixes: ['/sandbox/sessions/', '/webhooks/'],
    }),
  );
  app.use(refuseUnexpectedBody(doc));
  app.use(refuseBodyNotJson(doc));

  const cookies = cookiePolicy(deps.config.publicUrl);
  app.use(healthRoutes(deps.readiness, doc));
  app.use(catalogueRoutes({ knex: deps.knex }, doc));
  app.use(authRoutes({ accounts: deps.accounts, cookies, refreshDays: deps.config.refreshTokenTtlDays }, doc));
  app.use(signInProviderRoutes({ config: deps.config }, doc));
  app.use(
    oidcRoutes(
      {
        accounts: deps.accounts,
        config: deps.config,
        stateKey: deps.keys.oidcState,
        cookies,
        clock: deps.clock,
      },
      doc,
    ),
  );
  app.use(passwordResetRoutes({ accounts: deps.accounts }, doc));
  app.use(meRoutes({ knex: deps.knex, accounts: deps.accounts, twoFactor: deps.twoFactor, clock: deps.clock }, doc));
  app.use(notificationRoutes({ knex: deps.knex, clock: deps.clock }, doc));
  app.use(myInvoiceRoutes({ knex: deps.knex }, doc));
  app.use(myInvoicePdfRoutes({ knex: deps.knex, seller: deps.config.seller, logger: deps.logger }, doc));
  app.use(orderRoutes({ knex: deps.knex, orders: deps.orders, clock: deps.clock }, doc));
  app.use(
    mySubscriptionRoutes(
      {
        knex: deps.knex,
        lifecycle: deps.orders.lifecycle,
        clock: deps.clock,
        renewalLeadHours: deps.config.renewalLeadHours,
      },
      doc,
    ),
  );
  app.use(paymentRoutes({ payments: deps.payments, sandbox: deps.sandbox }, doc));
  // Every back-office route is for staff with its permission: one check, before all of them (unknown paths included).
  doc.guard(app, '/api/admin', 'staff', requireStaff({ knex: deps.knex, doc }));
  app.use(
    adminPaymentRoutes(
      {
        knex: deps.knex,
        stripeSync: deps.stripeSync,
      },
      doc,
    ),
  );
  app.use(inquiryRoutes({ knex: deps.knex, inquiries: deps.inquiries }, doc));
  app.use(inquiryReplyRoutes({ knex: deps.knex, inquiries: deps.inquiries }, doc));
  app.use(workQueueRoutes({ knex: deps.knex, clock: deps.clock }, doc));
  app.use(
    adminUserRoutes(
      {
        knex: deps.knex,
        store: deps.store,
        clock: deps.clock,
        accounts: deps.accounts,
        inquiries: deps.inquiries,
        subscriptions: deps.operatorSubscriptions,
      },
      doc,
    ),
  );
  app.use(adminRoleRoutes({ knex: deps.knex, clock: deps.clock, accounts: deps.accounts }, doc));
  app.use(adminGrantRoutes({ grants: deps.operatorSubscriptions }, doc));
  app.use(adminRefundRoutes({ refunds: deps.operatorRefunds }, doc));
  app.use(freeOfferRoutes({ offer: deps.freeOffer, knex: deps.knex, clock: deps.clock }, doc));
  app.use(adminExportRoutes({ commands: deps.commands, knex: deps.knex, clock: deps.clock }, doc));
  app.use(
    adminInvoiceRoutes(
      { knex: deps.knex, seller: deps.config.seller, logger: deps.logger, commands: deps.commands, clock: deps.clock },
      doc,
    ),
  );
  app.use(
    adminStatsRoutes(
      {
        knex: deps.knex,
        store: deps.store,
        clock: deps.clock,
        credentials: deps.credentials,
      },
      doc,
    ),
  );
  app.use(adminCatalogueRoutes({ knex: deps.knex, operator: deps.operatorCatalogue }, doc));
  app.use(
    adminSubscriptionRoutes(
      {
        knex: deps.knex,
        store: deps.store,
        clock: deps.clock,
        operator: deps.operatorSubscriptions,
        renewalLeadHours: deps.config.renewalLeadHours,
      },
      doc,
    ),
  );
  app.use(credentialRoutes(deps, doc));
  app.use(apiKeyRoutes(deps, doc));
  app.use(webhookRoutes({ webhooks: createWebhookEndpoints(deps) }, doc));
  app.use(
    adminHistoryRoutes(
      {
        history: deps.history,
        knex: deps.knex,
        timeZone: deps.config.shopTimeZone,
        commands: deps.commands,
        clock: deps.clock,
      },
      doc,
    ),
  );
  app.use(mailPreviewRoutes({ publicUrl: deps.config.publicUrl }, doc));

  const documentRoute = express.Router();
  doc.route(
    documentRoute,
    {
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'Get this reference as an OpenAPI 3.1 document',
      description: 'Every operation, generated from the routes table; `/api/docs` shows it as a page.',
      tags: ['meta'],
      responses: { 200: { description: 'OpenAPI 3.1', schema: z.looseObject({ openapi: z.string() }) } },
    },
    (_req, res) => {
      res.json(openApi);
    },
  );
  app.use(documentRoute);
  app.use(apiReferenceRoutes(doc));
  const openApi = doc.build(
    {
      title: 'Shop API',
      version: '1.0.0',
      description:
        'The API of the shop and its back-office. Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`.',
    },
    API_TAGS,
  );

  serveFavicon(app, deps.config.webShopDir);
  // robots.txt, the sitemap, and each shop page's head written for search engines and link previews.
  const publicPages = publicPageRoutes(
    { knex: deps.knex, webShopDir: deps.config.webShopDir, publicUrl: deps.config.publicUrl, logger: deps.logger },
    doc,
  );
  app.use(publicPages.router);
  // The back-office first: the shop's fallback would otherwise answer its client routes with the shop's 404 screen.
  const backOffice = serveSinglePageApp(app, { dir: deps.config.adminDir, at: BACK_OFFICE_PATH });
  serveSinglePageApp(app, {
    dir: deps.config.webShopDir,
    at: '/',
    except: backOffice ? BACK_OFFICE : undefined,
    page: publicPages.page ?? undefined,
  });

  doc.assertDescribes(app);
  app.use(unmatchedRequestHandler((path) => doc.methodsAt(path)));
  app.use(problemHandler);
  return app;
}

/** The reference's groups of operations, in the order it lists them. */
const API_TAGS: TagDoc[] = [
  { name: 'catalogue', description: 'The plans on sale' },
  { name: 'auth', description: 'Signing up, in and out, external providers, password reset' },
  { name: 'me', description: "The signed-in customer's profile, security and subscriptions" },
  { name: 'notifications', description: "The signed-in customer's notifications and their settings" },
  { name: 'orders', description: 'Ordering a plan and paying for it' },
  { name: 'payments', description: 'Payment providers and the return from their checkout' },
  { name: 'free-offer', description: 'The free offer while it runs' },
  { name: 'inquiries', description: 'Messages and requests from visitors' },
  { name: 'admin', description: 'The back-office: staff only, each operation needing its permission' },
  { name: 'integrations', description: "For an integrator's program, with an API key (`Authorization: Bearer sk_…`)" },
  { name: 'webhooks', description: "Payment providers' notifications" },
  { name: 'sandbox', description: "The built-in sandbox provider's pages, when it is enabled" },
  { name: 'operations', description: 'Liveness and readiness, for load balancers and orchestrators' },
  { name: 'meta', description: 'This reference' },
  { name: 'pages', description: "The shop's pages for search engines: robots.txt and the sitemap" },
];

const NOT_A_PAGE = /^\/(?:api|webhooks|sandbox|healthz|readyz)(?:\/|$)/;
const BACK_OFFICE_PATH = '/admin';
const BACK_OFFICE = /^\/admin(?:\/|$)/;

/** A week: the icon seldom changes, and browsers ask for it on every site they open. */
const FAVICON_MAX_AGE = '7d';

/**
 * `/favicon.ico`, which browsers ask for whatever the page links (feed readers, bookmarks, tabs
 * opened on the API): the shop's icon, its SVG (every current browser reads an SVG icon there).
 * Absent with the shop's build (development: Vite serves the shop).
 */
function serveFavicon(app: Express, webShopDir: string): void {
  const icon = path.join(webShopDir, 'favicon.svg');
  if (!existsSync(icon)) return;
  app.use('/favicon.ico', (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.sendFile(icon, { maxAge: FAVICON_MAX_AGE, headers: { 'Content-Type': 'image/svg+xml' } }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });
}

/**
 * A built React app (the shop at `/`, the back-office at `/admin`); absent in development, where
 * Vite serves it. Answers whether its build was found.
 */
function serveSinglePageApp(
  app: Express,
  options: {
    dir: string;
    at: string;
    except?: RegExp;
    page?: (pathname: string, options: { query: boolean }) => Promise<ShopPage>;
  },
): boolean {
  const dist = options.dir.endsWith(path.sep) ? options.dir : `${options.dir}${path.sep}`;
  const indexHtml = `${dist}index.html`;
  if (!existsSync(indexHtml)) return false;
  const pages = express.Router();
  const files = express.static(dist, {
    index: false,
    // `/admin` itself is a page (below), not a folder to redirect to `/admin/`.
    redirect: false,
    setHeaders: (res, filePath) => {
      // Vite names the files under assets/ by their content hash: they never change.
      const hashed = filePath.startsWith(`${dist}assets`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // One address per page, as search engines are given it: the build's index.html is the app's
  // own address, and the English home is /en/ (its canonical), not /en.
  pages.get(/(?:\/index\.html|^\/en)$/, (req, res, next) => {
    const fullPath = `${req.baseUrl}${req.path}`;
    if (fullPath !== '/en' && !fullPath.endsWith('/index.html')) return next();
    const canonical = fullPath === '/en' ? '/en/' : fullPath.slice(0, -'index.html'.length);
    const query = req.originalUrl.indexOf('?');
    res.redirect(301, `${canonical}${query === -1 ? '' : req.originalUrl.slice(query)}`);
  });
  // Every file of a build has an extension; a page's address (/, /subscription/netflix) is not
  // looked for on disk first (a stat per page asked, a tenth of the home page's CPU).
  pages.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  // Client-side routes (/subscription/netflix, /admin/inquiries/…, unknown paths for the 404 screen) all load the app.
  pages.get(/.*/, (req, res, next) => {
    const fullPath = `${req.baseUrl}${req.path}`;
    const elsewhere = NOT_A_PAGE.test(fullPath) || options.except?.test(fullPath);
    // Browsers ask for text/html; link previews and some crawlers send `*/*` for an address without extension.
    const wantsPage =
      req.headers.accept?.includes('text/html') || (!path.extname(req.path) && req.accepts('html') === 'html');
    if (elsewhere || !wantsPage) return next();
    if (options.page) {
      options
        .page(fullPath, { query: req.originalUrl.includes('?') })
        .then((page) => sendShopPage(req, res, page), next);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  app.use(options.at, pages);
  return true;
}
