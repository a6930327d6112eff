import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ShopConfig } from '../config.js';

export interface ShopKeys {
  /** Wraps each person's personal-data key. */
  personalData: Buffer;
  /** Signs access tokens (HS256). */
  accessTokens: Uint8Array;
  /** Encrypts TOTP secrets at rest. */
  totpSecrets: Buffer;
  /** Encrypts the service credentials (login, password, notes) handed to subscribers. */
  serviceCredentials: Buffer;
  /** Signs short-lived OIDC state cookies. */
  oidcState: Buffer;
  /** Signs the built-in sandbox provider's webhooks. */
  sandboxWebhooks: Buffer;
  /** Binds each session's CSRF token to that session. */
  csrfTokens: Buffer;
  /** Encrypts the signing secrets of outbound webhook endpoints. */
  webhookSecrets: Buffer;
}

/** The master key's file in the data folder, when SECRETS_KEY does not give it. */
export const MASTER_KEY_FILE = 'secrets.key';

function loadMasterKey(config: ShopConfig): Buffer {
  if (config.secretsKey) return Buffer.from(config.secretsKey, 'base64');
  // Development and the embedded default: one key generated per data folder, readable only by its owner.
  const file = path.join(config.dataDir, MASTER_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

const derive = (master: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));

/** One master key, a separate derived key per purpose, so no key serves two uses. */
export function loadKeys(config: ShopConfig): ShopKeys {
  const master = loadMasterKey(config);
  return {
    personalData: derive(master, 'shop/personal-data/v1'),
    accessTokens: new Uint8Array(derive(master, 'shop/access-tokens/v1')),
    totpSecrets: derive(master, 'shop/totp-secrets/v1'),
    serviceCredentials: derive(master, 'shop/service-credentials/v1'),
    oidcState: derive(master, 'shop/oidc-state/v1'),
    sandboxWebhooks: derive(master, 'shop/sandbox-webhooks/v1'),
    csrfTokens: derive(master, 'shop/csrf-tokens/v1'),
    webhookSecrets: derive(master, 'shop/webhook-secrets/v1'),
  };
}
