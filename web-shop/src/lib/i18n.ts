import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config, isLanguage, type Language } from '../config';
import enAuth from '../locales/en/auth.json';
import enCatalogue from '../locales/en/catalogue.json';
import enCheckout from '../locales/en/checkout.json';
import enCommon from '../locales/en/common.json';
import enProfile from '../locales/en/profile.json';
import frAuth from '../locales/fr/auth.json';
import frCatalogue from '../locales/fr/catalogue.json';
import frCheckout from '../locales/fr/checkout.json';
import frCommon from '../locales/fr/common.json';
import frProfile from '../locales/fr/profile.json';

export const resources = {
  fr: { common: frCommon, catalogue: frCatalogue, auth: frAuth, checkout: frCheckout, profile: frProfile },
  en: { common: enCommon, catalogue: enCatalogue, auth: enAuth, checkout: enCheckout, profile: enProfile },
} as const;

function storedLanguage(): Language {
  try {
    const saved = window.localStorage.getItem(config.languageStorageKey);
    return isLanguage(saved) ? saved : config.defaultLanguage;
  } catch {
    // Storage can be refused (private mode, blocked cookies): French, as for a first visit.
    return config.defaultLanguage;
  }
}

function reflectInDocument(language: string): void {
  document.documentElement.lang = language;
}

export function initI18n(): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources,
    lng: storedLanguage(),
    fallbackLng: config.defaultLanguage,
    supportedLngs: config.languages,
    defaultNS: 'common',
    ns: ['common', 'catalogue', 'auth', 'checkout', 'profile'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  reflectInDocument(i18n.language);
  i18n.on('languageChanged', (language) => {
    reflectInDocument(language);
    try {
      window.localStorage.setItem(config.languageStorageKey, language);
    } catch {
      // Not remembered this time; the choice still applies to this visit.
    }
  });
  return i18n;
}
