import type { Language } from '@shop/domain';

/** How the shop writes money and dates for a customer, in e-mails and on server-rendered pages. */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-IE' };

/*
 * A formatter costs far more to build than to use (tens of microseconds against one): each is
 * built once per language (and currency) and kept, as every order's e-mails ask for several.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let kept = formatters.get(key) as T | undefined;
  if (!kept) {
    kept = build();
    formatters.set(key, kept);
  }
  return kept;
}

export const formatMoney = (cents: number, currency: string, language: Language) =>
  formatter(
    `money|${language}|${currency}`,
    () => new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }),
  ).format(cents / 100);

/** A day (in UTC, as the times beside it), where the hour would say too much (a subject line). */
export const formatDay = (iso: string, language: Language) =>
  formatter(
    `day|${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }),
  ).format(new Date(iso));

/** Times are kept in UTC and said so: the shop knows no customer's time zone. */
export const formatDateTime = (iso: string, language: Language) =>
  formatter(
    `time|${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  ).format(new Date(iso)) + ' UTC';
