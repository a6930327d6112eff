import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

const SEALED_PREFIX = 'pd1:';

/** What a read model or a history shows in place of personal data whose key was destroyed. */
export const ERASED_VALUE = '[erased]';

/** Whether a string in an event is personal data sealed by the vault. */
export const isSealedValue = (value: string) => value.startsWith(SEALED_PREFIX);
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealedValue = string;

/** AES-256-GCM: random IV, authenticated; the result is base64 of iv | tag | ciphertext. */
export function encrypt(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decrypt(key: Buffer, encoded: string): Buffer {
  const raw = Buffer.from(encoded, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/**
 * Destroys a subject's key (`$1`): the statement for a caller that commits it together with the
 * event recording the erasure (see `PersonalDataVault.erase` for a plain call).
 */
export const KEY_DESTRUCTION_SQL = `INSERT INTO personal_data_keys (subject_id, wrapped_key, erased_at) VALUES ($1, NULL, now())
  ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, erased_at = now()`;

/**
 * Personal data in events is sealed with a key of its own per person (crypto-shredding):
 * the log is never rewritten, and erasing a person destroys their key, after which every
 * copy of their data in the log is unreadable. Keys are stored wrapped by the master key.
 */
export class PersonalDataVault {
  constructor(private readonly masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
  }

  async seal(db: Knex | Knex.Transaction, subjectId: string, value: string): Promise<SealedValue> {
    const key = await this.keyFor(db, subjectId, { create: true });
    if (!key) throw new Error(`Personal data of ${subjectId} was erased; nothing new can be recorded for it`);
    return SEALED_PREFIX + encrypt(key, Buffer.from(value, 'utf8'));
  }

  /** The plain value, or null when the person's data was erased. */
  async open(db: Knex | Knex.Transaction, subjectId: string, sealed: SealedValue): Promise<string | null> {
    if (!isSealedValue(sealed)) throw new Error('Not a sealed value');
    const key = await this.keyFor(db, subjectId, { create: false });
    return key ? decrypt(key, sealed.slice(SEALED_PREFIX.length)).toString('utf8') : null;
  }

  async erase(db: Knex | Knex.Transaction, subjectId: string): Promise<void> {
    await db('personal_data_keys')
      .insert({ subject_id: subjectId, wrapped_key: null, erased_at: db.fn.now() })
      .onConflict('subject_id')
      .merge({ wrapped_key: null, erased_at: db.fn.now() });
  }

  private async keyFor(
    db: Knex | Knex.Transaction,
    subjectId: string,
    options: { create: boolean },
  ): Promise<Buffer | null> {
    let row = await db('personal_data_keys').where({ subject_id: subjectId }).first();
    if (!row && options.create) {
      await db('personal_data_keys')
        .insert({ subject_id: subjectId, wrapped_key: encrypt(this.masterKey, randomBytes(32)) })
        .onConflict('subject_id')
        .ignore();
      row = await db('personal_data_keys').where({ subject_id: subjectId }).first();
    }
    if (!row?.wrapped_key) return null;
    return decrypt(this.masterKey, row.wrapped_key as string);
  }
}
