import type { Language } from '@shop/domain';

/** How the shop writes money and dates for a customer, in e-mails and on server-rendered pages. */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-IE' };

export const formatMoney = (cents: number, currency: string, language: Language) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(cents / 100);

/** A day (in UTC, as the times beside it), where the hour would say too much (a subject line). */
export const formatDay = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** Times are kept in UTC and said so: the shop knows no customer's time zone. */
export const formatDateTime = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso)) + ' UTC';
