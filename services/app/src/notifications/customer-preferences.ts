import { LANGUAGES, type Language } from '@shop/domain';
import type { Knex } from 'knex';

/** The shop's language when a customer never said otherwise. */
export const DEFAULT_CUSTOMER_LANGUAGE: Language = 'fr';

/**
 * What the shop knows of a customer's choices outside the log: for now the language of the
 * last order, so that e-mails sent later (payment, expiry) speak it. An ordinary table: it is
 * a preference, not a fact the audit trail needs.
 *
 * Records `language` as the customer's, before `work` (an order, a renewal, a claim): its e-mails
 * may leave as soon as its events are appended. When the shop refuses the work, the language the
 * customer had is put back: a refused request changes nothing.
 */
export async function inCustomerLanguage<T>(
  knex: Knex,
  customer: { userId: string; language: Language; now: Date },
  work: () => Promise<T>,
): Promise<T> {
  const { userId, language, now } = customer;
  // One statement: the row as it was (read in the same snapshot) comes back with the write.
  const { rows } = await knex.raw<{ rows: { language: string | null; updated_at: Date | null }[] }>(
    `WITH before AS (SELECT language, updated_at FROM customer_preferences WHERE user_id = ?)
     INSERT INTO customer_preferences (user_id, language, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at
     RETURNING (SELECT language FROM before) AS language, (SELECT updated_at FROM before) AS updated_at`,
    [userId, userId, language, now],
  );
  const before = rows[0]?.language ? rows[0] : undefined;
  try {
    return await work();
  } catch (error) {
    if (!before) await knex('customer_preferences').where({ user_id: userId, language }).delete();
    else if (before.language !== language) {
      await knex('customer_preferences')
        .where({ user_id: userId, language })
        .update({ language: before.language, updated_at: before.updated_at });
    }
    throw error;
  }
}

export async function customerLanguage(knex: Knex, userId: string): Promise<Language> {
  const row = await knex('customer_preferences').where({ user_id: userId }).first('language');
  const language = row?.language as string | undefined;
  return language && (LANGUAGES as readonly string[]).includes(language)
    ? (language as Language)
    : DEFAULT_CUSTOMER_LANGUAGE;
}
