import { useLocaleState } from 'react-admin';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { formatCents } from '../lib/money';

const CURRENCY = 'EUR';
/** The dashboard's two colours (contrast checked against white). */
export const VIOLET = '#4c1d95';
export const GREEN = '#1b5e20';

/** What a figure the API could not compute shows (monthly growth without a previous month). */
export const NO_FIGURE = '—';

/** The dashboard's numbers in the operator's language; a dash for a ratio that is undefined (null). */
export function usePercent() {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 1 });
  return (percent: number | null) => (percent === null ? NO_FIGURE : format.format(percent / 100));
}

export function useMoney() {
  const [locale] = useLocaleState();
  return (cents: number) => formatCents(cents, CURRENCY, locale);
}

export function useDay() {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
}
