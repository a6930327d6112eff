import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ROLES, recordedRole, type Role } from '@shop/domain';

export const opaqueToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as hashes: a leaked table grants nothing. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The roles at sign-in or refresh, for the client to show what it may: the server reads them again on each request. */
  roles: Role[];
}

const ISSUER = 'premium-share-shop';

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, roles: claims.roles })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid, roles: claimedRoles(payload) };
  } catch {
    return null;
  }
}

/** The token's roles; a token issued before staff roles carries one `role` (`admin` reads as owner). */
function claimedRoles(payload: Record<string, unknown>): Role[] {
  const claimed = Array.isArray(payload.roles) ? payload.roles : [payload.role];
  const roles = claimed.flatMap((role) =>
    typeof role !== 'string' ? [] : role === 'customer' ? ['customer' as const] : [recordedRole(role) ?? []].flat(),
  );
  return ROLES.filter((role) => role === 'customer' || roles.includes(role));
}

/**
 * A CSRF token bound to one session: a random part and its HMAC with the session id, so a token
 * issued to one session (or planted in a cookie) is worth nothing with another session's cookies.
 */
export function sessionCsrfToken(key: Uint8Array, sessionId: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${csrfMac(key, sessionId, nonce)}`;
}

export function isSessionCsrfToken(key: Uint8Array, sessionId: string, token: string): boolean {
  const [nonce, mac, ...rest] = token.split('.');
  if (!nonce || !mac || rest.length > 0) return false;
  const expected = Buffer.from(csrfMac(key, sessionId, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const csrfMac = (key: Uint8Array, sessionId: string, nonce: string) =>
  createHmac('sha256', key).update(`${sessionId}.${nonce}`).digest('base64url');
