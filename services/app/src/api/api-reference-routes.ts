import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type RequestHandler } from 'express';
import type { ApiDocument } from './openapi.js';

const PAGE_DIR = fileURLToPath(new URL('./api-reference/', import.meta.url));
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** What the page loads from swagger-ui-dist; the package's own index.html and initializer point at a demo API elsewhere. */
const SWAGGER_UI_FILES = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css', '/favicon-32x32.png']);

/**
 * `GET /api/docs`: the API reference, rendered by Swagger UI from `/api/openapi.json`, with every
 * file served by the shop itself (no CDN), under the shop's Content-Security-Policy.
 */
export function apiReferenceRoutes(doc: ApiDocument): Router {
  const router = Router();
  // Not hashed in their names: asked again each time, answered 304 while unchanged.
  const assets = { index: false, redirect: false, setHeaders: (res: express.Response) => noCache(res) };
  const onlySwaggerUiFiles: RequestHandler = (req, _res, next) =>
    SWAGGER_UI_FILES.has(req.path) ? next() : next('router');
  const swaggerUi = Router();
  swaggerUi.use(onlySwaggerUiFiles, express.static(SWAGGER_UI_DIR, assets));
  router.use('/api/docs/assets', express.static(path.join(PAGE_DIR, 'assets'), assets), swaggerUi);

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/docs',
      operationId: 'getApiReference',
      summary: 'Show this reference as a page',
      description: 'Every operation of `/api/openapi.json`, with its schemas and who may call it.',
      tags: ['meta'],
      responses: { 200: { description: 'The reference page (text/html)' } },
    },
    (_req, res) => {
      noCache(res);
      res.sendFile(path.join(PAGE_DIR, 'index.html'));
    },
  );
  return router;
}

function noCache(res: express.Response): void {
  res.setHeader('Cache-Control', 'no-cache');
}
