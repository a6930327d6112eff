import { LANGUAGES, type Language } from '@shop/domain';
import type { Knex } from 'knex';

/** The shop's language when a customer never said otherwise. */
export const DEFAULT_CUSTOMER_LANGUAGE: Language = 'fr';

/**
 * What the shop knows of a customer's choices outside the log: for now the language of the
 * last order, so that e-mails sent later (payment, expiry) speak it. An ordinary table: it is
 * a preference, not a fact the audit trail needs.
 */
export async function recordCustomerLanguage(knex: Knex, userId: string, language: Language, now: Date) {
  await knex('customer_preferences')
    .insert({ user_id: userId, language, updated_at: now })
    .onConflict('user_id')
    .merge(['language', 'updated_at']);
}

export async function customerLanguage(knex: Knex, userId: string): Promise<Language> {
  const row = await knex('customer_preferences').where({ user_id: userId }).first('language');
  const language = row?.language as string | undefined;
  return language && (LANGUAGES as readonly string[]).includes(language)
    ? (language as Language)
    : DEFAULT_CUSTOMER_LANGUAGE;
}
