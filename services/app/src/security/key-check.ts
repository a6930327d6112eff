import path from 'node:path';
import { decrypt } from '@shop/projections';
import type { Knex } from 'knex';
import type { ShopConfig } from '../config.js';
import { MASTER_KEY_FILE } from './keys.js';

/** Where the master key was read from, as an operator would set it: `SECRETS_KEY` or the data folder's file. */
export function keySource(config: ShopConfig): string {
  return config.secretsKey ? 'SECRETS_KEY' : path.join(config.dataDir, MASTER_KEY_FILE);
}

/**
 * Whether `personalDataKey` opens the personal data this database holds (a person's wrapped key),
 * or the database holds none yet. A process on the wrong key would read "[erased]" for everyone
 * and seal what it writes under a key the shop cannot open.
 */
export async function keyOpensPersonalData(db: Knex | Knex.Transaction, personalDataKey: Buffer): Promise<boolean> {
  if (!(await db.schema.hasTable('personal_data_keys'))) return true;
  const row = await db('personal_data_keys')
    .whereNotNull('wrapped_key')
    .first<{ wrapped_key: string } | undefined>('wrapped_key');
  if (!row) return true;
  try {
    decrypt(personalDataKey, row.wrapped_key);
    return true;
  } catch {
    return false;
  }
}
