import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@shop/domain';

export const opaqueToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as hashes: a leaked table grants nothing. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

const ISSUER = 'premium-share-shop';

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
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
    return { userId: payload.sub, sessionId: payload.sid, role: payload.role === 'admin' ? 'admin' : 'customer' };
  } catch {
    return null;
  }
}
