import 'i18next';

/** The French files define the keys; the locale parity test keeps English in step. */
type Namespaces = {
  common: typeof import('../locales/fr/common.json');
  catalogue: typeof import('../locales/fr/catalogue.json');
  auth: typeof import('../locales/fr/auth.json');
  checkout: typeof import('../locales/fr/checkout.json');
  profile: typeof import('../locales/fr/profile.json');
  account: typeof import('../locales/fr/account.json');
  support: typeof import('../locales/fr/support.json');
  info: typeof import('../locales/fr/info.json');
  legal: typeof import('../locales/fr/legal.json');
  home: typeof import('../locales/fr/home.json');
  credentials: typeof import('../locales/fr/credentials.json');
  'free-offer': typeof import('../locales/fr/free-offer.json');
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Namespaces;
  }
}
