import { identifier } from '@shop/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem } from '../api/problem.js';
import { PLAN_IMAGE_SIZE, SHOP_IMAGE_PATH, type PlanImages } from './og-image.js';

const imageParams = z.object({ file: z.string().regex(/\.png$/) });
const planId = identifier(64);

/**
 * `GET /og/shop.png` and `GET /og/plans/{planId}.png`: the shop's and a plan's preview pictures, kept a day by browsers and previewers;
 * `images` null when the shop is not built here (development): 404, as the other pages' files.
 */
export function planImageRoutes(images: PlanImages | null, doc: ApiDocument): Router {
  const router = Router();
  doc.route(
    router,
    {
      method: 'get',
      path: SHOP_IMAGE_PATH,
      operationId: 'getShopImage',
      summary: "Get the shop's picture for link previews",
      description: `${PLAN_IMAGE_SIZE.width}×${PLAN_IMAGE_SIZE.height}: the shop's mark and name, as the \`og:image\` of the pages that are not a plan's.`,
      tags: ['pages'],
      responses: {
        200: { description: 'image/png' },
        404: problem('route.not_found: the shop is not built here'),
      },
    },
    (_req, res) => {
      if (!images) throw new HttpProblem({ status: 404, code: 'route.not_found', detail: 'No shop picture here' });
      res.type('image/png').set('Cache-Control', 'public, max-age=86400').send(images.shopPng());
    },
  );
  doc.route(
    router,
    {
      method: 'get',
      path: '/og/plans/:file',
      operationId: 'getPlanImage',
      summary: "Get a plan's picture for link previews",
      description: `\`{planId}.png\`, ${PLAN_IMAGE_SIZE.width}×${PLAN_IMAGE_SIZE.height}: the plan's logo and name, as the plan page's \`og:image\`.`,
      tags: ['pages'],
      params: imageParams,
      responses: {
        200: { description: 'image/png' },
        404: problem('route.not_found: no plan on sale by that id'),
      },
    },
    async (req, res) => {
      const { file } = imageParams.parse(req.params);
      const id = planId.safeParse(file.slice(0, -'.png'.length));
      const png = id.success && images ? await images.png(id.data) : null;
      if (!png) throw new HttpProblem({ status: 404, code: 'route.not_found', detail: `No plan picture ${file}` });
      res.type('image/png').set('Cache-Control', 'public, max-age=86400').send(png);
    },
  );
  return router;
}
