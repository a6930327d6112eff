import { RECOVERY_CODE, TOTP_CODE } from '@shop/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { decrypt, encrypt } from '@shop/projections';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { DomainError } from '@shop/domain';
import { InvalidInputError } from '../errors.js';

const ISSUER = 'PremiumShare';
const RECOVERY_CODES = 10;
const PERIOD_SECONDS = 30;

/** What an authenticator app shows (six ASCII digits), and a recovery code as handed out (`3f9a1-c07d2`). */
export { TOTP_CODE, RECOVERY_CODE };

const codeHash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
const newRecoveryCode = () => {
  const raw = randomBytes(5).toString('hex');
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

/** TOTP (RFC 6238) with recovery codes. The secret is stored encrypted, codes only as hashes. */
export class TwoFactorService {
  constructor(private readonly deps: { knex: Knex; key: Buffer; clock: () => Date }) {}

  private totp(secret: Secret, label: string) {
    return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });
  }

  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.deps
      .knex('totp_factors')
      .where({ user_id: userId })
      .whereNotNull('enabled_at')
      .first('user_id');
    return Boolean(row);
  }

  /** A new secret to scan; it takes effect only once a code from the app is confirmed. */
  async beginSetup(userId: string, label: string) {
    if (await this.isEnabled(userId)) {
      throw new DomainError({
        code: 'two_factor.already_enabled',
        message: 'Two-factor authentication is already on',
      });
    }
    const secret = new Secret({ size: 20 });
    await this.deps
      .knex('totp_factors')
      .insert({ user_id: userId, secret_encrypted: encrypt(this.deps.key, Buffer.from(secret.base32)) })
      .onConflict('user_id')
      .merge({
        secret_encrypted: encrypt(this.deps.key, Buffer.from(secret.base32)),
        enabled_at: null,
        last_used_step: null,
      });
    const uri = this.totp(secret, label).toString();
    return { otpauthUri: uri, secret: secret.base32, qrCode: await QRCode.toDataURL(uri) };
  }

  async confirmSetup(userId: string, code: string): Promise<string[]> {
    const factor = await this.deps.knex('totp_factors').where({ user_id: userId }).first();
    if (!factor || factor.enabled_at) {
      throw new DomainError({ code: 'two_factor.no_pending_setup', message: 'Start the set-up first' });
    }
    if (!(await this.acceptTotp(userId, factor, code))) {
      throw new InvalidInputError({ code: 'two_factor.invalid_code', message: 'The code is not valid' });
    }
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.deps.knex.transaction(async (trx) => {
      await trx('totp_factors').where({ user_id: userId }).update({ enabled_at: this.deps.clock() });
      await trx('recovery_codes').where({ user_id: userId }).delete();
      await trx('recovery_codes').insert(codes.map((c) => ({ user_id: userId, code_hash: codeHash(c) })));
    });
    return codes;
  }

  /** Forgets the secret and the recovery codes, once turning two-factor off was decided. */
  async removeFactor(userId: string): Promise<void> {
    await this.deps.knex.transaction(async (trx) => {
      await trx('totp_factors').where({ user_id: userId }).delete();
      await trx('recovery_codes').where({ user_id: userId }).delete();
    });
  }

  /** A current code from the app (each usable once), or an unused recovery code. */
  async verifySignInCode(userId: string, code: string): Promise<boolean> {
    const factor = await this.deps.knex('totp_factors').where({ user_id: userId }).whereNotNull('enabled_at').first();
    if (!factor) return false;
    if (TOTP_CODE.test(code.trim())) return this.acceptTotp(userId, factor, code.trim());
    const used = await this.deps
      .knex('recovery_codes')
      .where({ user_id: userId, code_hash: codeHash(code) })
      .whereNull('used_at')
      .update({ used_at: this.deps.clock() });
    return used === 1;
  }

  private async acceptTotp(
    userId: string,
    factor: { secret_encrypted: string; last_used_step: string | null },
    code: string,
  ) {
    // The library compares bytes: a code of another shape (non-ASCII digits) must never reach it.
    if (!TOTP_CODE.test(code)) return false;
    const secret = Secret.fromBase32(decrypt(this.deps.key, factor.secret_encrypted).toString());
    const now = this.deps.clock().getTime();
    const delta = this.totp(secret, userId).validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
    // A code seen once is spent: replaying an intercepted code fails.
    const claimed = await this.deps
      .knex('totp_factors')
      .where({ user_id: userId })
      .andWhere((q) => q.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .update({ last_used_step: step });
    return claimed === 1;
  }
}
