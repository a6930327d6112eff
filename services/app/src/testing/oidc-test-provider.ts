import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error -- oidc-provider ships no type declarations; the few calls below are plain.
import Provider from 'oidc-provider';

export interface OidcTestUser {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people it knows by subject, which is also the login typed into its form; more can be added at any time. */
  users: Record<string, OidcTestUser>;
  /** The shop's settings for this provider under `name`: OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET. */
  env(name: string): Record<string, string>;
  /** Starts answering, with the shop's callback as the one redirect URI (known only once the shop has its port). */
  accept(redirectUri: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, with its development login and consent pages)
 * on 127.0.0.1, port 0, that signs in anyone among `users` whatever the password.
 */
export async function startOidcTestProvider(users: Record<string, OidcTestUser>): Promise<OidcTestProvider> {
  const clientId = 'premium-share';
  const clientSecret = 'a-long-enough-client-secret-for-tests';
  let handle: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    users,
    env: (name) => {
      const prefix = `OIDC_${name.toUpperCase()}`;
      return {
        [`${prefix}_ISSUER`]: issuer,
        [`${prefix}_CLIENT_ID`]: clientId,
        [`${prefix}_CLIENT_SECRET`]: clientSecret,
      };
    },
    async accept(redirectUri) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        findAccount: (_ctx: unknown, sub: string) =>
          users[sub] ? { accountId: sub, claims: () => ({ sub, ...users[sub] }) } : undefined,
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        pkce: { required: () => true },
        jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test', use: 'sig', alg: 'RS256' }] },
        cookies: { keys: ['oidc-provider-test-cookie-key'] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      }) as { callback: () => RequestListener };
      handle = provider.callback();
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
