import { decrypt, encrypt } from '@shop/projections';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { EXTERNAL_EMAIL_NOT_VERIFIED } from './account-service.js';
import { AuthenticationError } from '../errors.js';
import type { CookiePolicy } from '../api/auth/authentication.js';

/**
 * What a sign-in with an external provider carries between the redirect to the provider and its
 * return (a sealed, short-lived cookie), and why it may be refused.
 */

export const OIDC_STATE_COOKIE = 'oidc_state';
/** Where every external sign-in starts (`/api/auth/oidc/<provider>`), and the state cookie's path. */
export const OIDC_PATH = '/api/auth/oidc';
const OIDC_STATE_TTL_MS = 10 * 60_000;

const pendingSignIn = z.object({
  provider: z.string(),
  codeVerifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string().nullable(),
  expiresAt: z.number(),
});
export type PendingSignIn = z.infer<typeof pendingSignIn>;

/** Why a sign-in went back to /auth; the codes are stable, the shop translates them. */
export type FailureCode = 'invalid_state' | 'oidc_failed' | 'email_not_verified' | 'provider_unavailable';
export const FAILURE_TEXT: Record<FailureCode, string> = {
  invalid_state: 'The sign-in expired or was started in another window; please try again.',
  oidc_failed: 'The sign-in with the provider could not be completed.',
  email_not_verified: 'The provider did not confirm your e-mail address.',
  provider_unavailable: 'The sign-in provider cannot be reached right now; please try again later.',
};

export class SignInRefused extends Error {
  constructor(readonly code: FailureCode) {
    super(FAILURE_TEXT[code]);
  }
}

export const failureCodeOf = (error: unknown): FailureCode => {
  if (error instanceof SignInRefused) return error.code;
  if (error instanceof AuthenticationError && error.code === EXTERNAL_EMAIL_NOT_VERIFIED) return 'email_not_verified';
  return 'oidc_failed';
};

/** Only a path of this site: one leading slash, so `//evil.example` and `/\evil.example` are refused. */
export function safeReturnTo(value: string | undefined): string | null {
  if (!value || value.length > 512 || !/^\/(?![/\\])[^\\\s]*$/.test(value)) return null;
  const base = new URL('http://shop.invalid');
  const resolved = new URL(value, base);
  return resolved.origin === base.origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

/** A provider's text claim, trimmed and cut to what the account keeps; undefined when empty. */
export const claimText = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
export const emailClaim = (value: unknown) =>
  z.email().max(254).safeParse(value).success ? (value as string) : undefined;

/** The sealed state cookie: written when the browser leaves for the provider, read on its return. */
export function signInStateCookie(deps: { stateKey: Buffer; cookies: CookiePolicy; clock: () => Date }) {
  const options = { path: OIDC_PATH, httpOnly: true, sameSite: 'lax' as const, secure: deps.cookies.secure };
  return {
    /** Seals what the return will be checked against, valid for ten minutes. */
    write(res: Response, pending: Omit<PendingSignIn, 'expiresAt'>): void {
      const sealed: PendingSignIn = { ...pending, expiresAt: deps.clock().getTime() + OIDC_STATE_TTL_MS };
      res.cookie(OIDC_STATE_COOKIE, encrypt(deps.stateKey, Buffer.from(JSON.stringify(sealed))), {
        ...options,
        maxAge: OIDC_STATE_TTL_MS,
      });
    },

    read(req: Request, providerName: string): PendingSignIn {
      const sealed = req.cookies?.[OIDC_STATE_COOKIE] as string | undefined;
      if (!sealed) throw new SignInRefused('invalid_state');
      let pending: PendingSignIn;
      try {
        pending = pendingSignIn.parse(JSON.parse(decrypt(deps.stateKey, sealed).toString('utf8')));
      } catch {
        throw new SignInRefused('invalid_state');
      }
      // The cookie's max-age is only advice to the browser; the sealed expiry is what counts.
      if (pending.provider !== providerName || pending.expiresAt <= deps.clock().getTime()) {
        throw new SignInRefused('invalid_state');
      }
      return pending;
    },

    clear(res: Response): void {
      res.clearCookie(OIDC_STATE_COOKIE, options);
    },
  };
}
