import { createInstance, type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from '../config';

// The shop fetches each namespace as a chunk when a screen asks for it; a test has them all at once.
const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });

const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  resources[language] = { ...resources[language], [namespace]: content };
}

/** The shop's translations as the shop configures them (src/lib/i18n.ts), French unless told. */
export function createTestI18n(language: string = config.defaultLanguage): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: config.defaultLanguage,
    supportedLngs: config.languages,
    defaultNS: 'common',
    ns: Object.keys(resources[config.defaultLanguage] ?? {}),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}
