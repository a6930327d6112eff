import { intlLocaleOf } from '../i18n/i18n-provider';

/** Integer cents as the locale writes money: 13,59 € in French, €13.59 in English. */
export function formatCents(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(intlLocaleOf(locale), { style: 'currency', currency }).format(cents / 100);
}
