import { useLocaleState } from 'react-admin';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { formatCents } from '../lib/money';

const CURRENCY = 'EUR';
/** The dashboard's two colours (contrast checked against white). */
export const VIOLET = '#4c1d95';
export const GREEN = '#1b5e20';

/** The dashboard's numbers in the operator's language. */
export function usePercent() {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 1 });
  return (percent: number) => format.format(percent / 100);
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
