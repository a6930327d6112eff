import polyglotI18nProvider from 'ra-i18n-polyglot';
import { useLocaleState } from 'react-admin';
import { fr } from './fr';

/**
 * French by default; English on request (the language menu in the app bar, remembered by
 * react-admin's store), fetched as its own chunk the first time it is chosen.
 */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('./en').then((module) => module.en) : fr),
  'fr',
  [
    { locale: 'fr', name: 'Français' },
    { locale: 'en', name: 'English' },
  ],
);

/** The locale's conventions for dates and money (fr-FR in French, en-GB in English). */
export const intlLocaleOf = (locale: string) => (locale === 'en' ? 'en-GB' : 'fr-FR');

/** The language the operator reads, and its conventions for dates and money. */
export function useLocales() {
  const [locale] = useLocaleState();
  return { locale, dateLocale: intlLocaleOf(locale) };
}
