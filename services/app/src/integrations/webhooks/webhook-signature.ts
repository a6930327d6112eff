import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header every delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'Shop-Signature';

/** A new endpoint's signing secret: shown once, kept encrypted. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/** The `Shop-Signature` value of `body` sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * What a receiver does: true when `header` signs exactly `body` with `secret`, at most
 * `toleranceSeconds` from `now` (a replayed old request is refused). Any `v1` may match, so a
 * sender may sign with two secrets while one is rotated.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}
