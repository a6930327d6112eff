import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Knex } from 'knex';
import type { Language } from '@shop/domain';
import { planChangeTimes } from '@shop/projections';
import type { Logger } from '../infrastructure/logger.js';
import { CatalogueAnswers } from '../catalogue/catalogue-answers.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { sendPrepared } from '../api/send-prepared.js';
import { HttpProblem } from '../api/problem.js';
import { planImageRoutes } from './og-image-routes.js';
import { PlanImages } from './og-image.js';
import { ShopPages, type ShopPage } from './shop-pages.js';
import { readPublicPages } from './page-texts.js';
import { sitemapXml, type SitemapEntry } from './sitemap.js';

/** Areas of the site that are not pages for search engines, besides the shop's private pages. */
const NOT_FOR_SEARCH_ENGINES = ['/admin', '/api', '/sandbox', '/webhooks'];

/**
 * The shop's public pages as search engines and link previews read them: `GET /robots.txt`,
 * `GET /sitemap.xml`, and each page's HTML with its head written and its body rendered (`page`,
 * for the shop's fallback route). Without the shop's build or its `public-pages.json` (development, where Vite
 * serves the shop) both files answer 404 and `page` is null.
 */
export function publicPageRoutes(
  deps: { knex: Knex; webShopDir: string; publicUrl: string; logger?: Logger },
  doc: ApiDocument,
): { router: Router; page: ShopPages['page'] | null } {
  const router = Router();
  const pages = readPublicPages(deps.webShopDir);
  if (!pages) {
    describeRoutes(router, doc, () => {
      throw new HttpProblem({ status: 404, code: 'route.not_found', detail: 'The shop is not built here' });
    });
    router.use(planImageRoutes(null, doc));
    return { router, page: null };
  }
  const catalogue = new CatalogueAnswers(deps.knex);
  const shop = new ShopPages({
    webShopDir: deps.webShopDir,
    publicUrl: deps.publicUrl,
    pages,
    catalogue,
    logger: deps.logger,
  });
  const language = pages.defaultLanguage as Language;
  router.use(
    planImageRoutes(new PlanImages({ webShopDir: deps.webShopDir, catalogue, brand: pages.brand, language }), doc),
  );

  const disallowed = new Set([
    ...NOT_FOR_SEARCH_ENGINES,
    ...pages.privatePaths.flatMap((privatePath) =>
      ['', ...Object.values(pages.prefixes)].map((prefix) => prefix + privatePath),
    ),
  ]);
  const robotsTxt = [
    'User-agent: *',
    'Allow: /',
    ...[...disallowed].map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${deps.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

  describeRoutes(router, doc, {
    robots: (_req, res) => {
      res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt);
    },
    sitemap: async (_req, res) => {
      const [plans, changed] = await Promise.all([
        catalogue.plans(pages.defaultLanguage as Language),
        planChangeTimes(deps.knex),
      ]);
      const paths: Array<{ path: string; lastmod?: string }> = [
        ...shop.staticPaths().map((path) => ({ path })),
        ...plans.map((plan) => ({ path: shop.planPath(plan.id), lastmod: changed.get(plan.id) })),
      ];
      const entries: SitemapEntry[] = paths.flatMap(({ path, lastmod }) => {
        const alternates = shop.alternates(path);
        return pages.languages.map((language) => ({
          loc: shop.url(language, path),
          ...(lastmod ? { lastmod } : {}),
          alternates,
        }));
      });
      res.type('application/xml').set('Cache-Control', 'no-cache').send(sitemapXml(entries));
    },
  });

  return { router, page: (pathname, options) => shop.page(pathname, options) };
}

/**
 * Sends a page of the shop: its status, language and HTML, asked again on each visit. A page kept
 * (ShopPages) is compressed and tagged once for all its visitors, not by the compression middleware
 * on each request.
 */
export function sendShopPage(req: Request, res: Response, page: ShopPage): void {
  res.statusCode = page.status;
  res.setHeader('Content-Language', page.language);
  res.setHeader('Cache-Control', 'no-cache');
  sendPrepared(req, res, page.answer, 'text/html; charset=utf-8');
}

/** The two documented routes, whether or not the shop is built here. */
function describeRoutes(
  router: Router,
  doc: ApiDocument,
  handlers: { robots: RequestHandler; sitemap: RequestHandler } | RequestHandler,
): void {
  const { robots, sitemap } = typeof handlers === 'function' ? { robots: handlers, sitemap: handlers } : handlers;
  const notBuilt = problem('route.not_found: the shop is not built here (development)');
  doc.route(
    router,
    {
      method: 'get',
      path: '/robots.txt',
      operationId: 'getRobotsTxt',
      summary: 'Get the rules for search engines (robots.txt)',
      description:
        'Allows the public pages; disallows the back-office, the API and the account, checkout and payment pages; names the sitemap.',
      tags: ['pages'],
      responses: { 200: { description: 'text/plain' }, 404: notBuilt },
    },
    robots,
  );
  doc.route(
    router,
    {
      method: 'get',
      path: '/sitemap.xml',
      operationId: 'getSitemap',
      summary: 'Get the sitemap of the public pages',
      description:
        'Every public page (home, catalogue, each plan on sale, information and legal pages) in each language, with its alternates (`xhtml:link hreflang`), from the catalogue read model.',
      tags: ['pages'],
      responses: { 200: { description: 'application/xml (sitemaps.org 0.9)' }, 404: notBuilt },
    },
    sitemap,
  );
}
