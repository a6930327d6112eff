import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config, type Language } from '../config';
import enCommon from '../locales/en/common.json';
import frCommon from '../locales/fr/common.json';

/**
 * Every namespace except `common` is its own chunk, fetched when a screen first asks for it
 * (react-i18next suspends meanwhile): the legal texts never weigh on the home page.
 */
const namespaceFiles = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/*/common.json'], {
  import: 'default',
});

/** Every namespace the shop has, `common` included. */
export const NAMESPACES = [
  'common',
  ...new Set(Object.keys(namespaceFiles).map((file) => file.replace(/^.*\/(\w[\w-]*)\.json$/, '$1'))),
];

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespaceFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function reflectInDocument(language: string): void {
  document.documentElement.lang = language;
}

/** Sets up an i18next instance as the shop uses it: `common` bundled, the other namespaces fetched when asked. */
export function configureI18n(instance: typeof i18n, language: Language): Promise<unknown> {
  return instance
    .use(lazyNamespaces)
    .use(initReactI18next)
    .init({
      resources: { fr: { common: frCommon }, en: { common: enCommon } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: config.defaultLanguage,
      supportedLngs: config.languages,
      defaultNS: 'common',
      ns: ['common'],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
}

/** The shop's translations, starting in `language` (the address's, see app/language-address.ts). */
export function initI18n(language: Language): typeof i18n {
  void configureI18n(i18n, language);
  reflectInDocument(i18n.language);
  i18n.on('languageChanged', reflectInDocument);
  return i18n;
}
