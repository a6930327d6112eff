import { signInProviders, type SignInProviders } from '@shop/contracts';
import { Router } from 'express';
import type { ShopConfig } from '../config.js';
import type { ApiDocument } from '../api/openapi.js';
import { OIDC_PATH } from './oidc-sign-in.js';

/** Which external providers the sign-in page offers: the shop's configuration, nothing to discover. */
export function signInProviderRoutes(deps: { config: Pick<ShopConfig, 'oidcProviders'> }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/auth/providers',
      operationId: 'listSignInProviders',
      summary: 'List the external sign-in providers',
      description: 'The providers configured, each with the address that starts a sign-in.',
      tags: ['auth'],
      responses: { 200: { description: 'Providers (empty when none is configured)', schema: signInProviders } },
    },
    (_req, res) => {
      const answer: SignInProviders = {
        data: deps.config.oidcProviders.map((provider) => ({
          name: provider.name,
          startUrl: `${OIDC_PATH}/${encodeURIComponent(provider.name)}`,
        })),
      };
      res.json(answer);
    },
  );

  return router;
}
