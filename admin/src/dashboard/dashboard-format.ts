import { useTheme } from '@mui/material/styles';
import { useLocaleState } from 'react-admin';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { formatCents } from '../lib/money';

const CURRENCY = 'EUR';
/**
 * The dashboard's colours in the theme's mode: a violet and a green that stand out from the page
 * (contrast checked against white, and against the dark theme's surfaces), the tint behind a
 * figure's icon, and the track of the activity bar.
 */
export function useDashboardColours() {
  const dark = useTheme().palette.mode === 'dark';
  return dark
    ? { violet: '#c4b5fd', green: '#81c784', iconTint: 'rgba(196, 181, 253, 0.16)', track: '#424242', tick: '#bdbdbd' }
    : { violet: '#4c1d95', green: '#1b5e20', iconTint: '#ede9fe', track: '#e0e0e0', tick: '#616161' };
}

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
