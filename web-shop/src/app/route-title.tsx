import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { config } from '../config';
import { NOT_FOUND_PAGE, PLAN_PAGE, PUBLIC_PAGES } from './public-pages';

type TextKey = `${string}:${string}`;

/** The private pages' tab titles, by address (a path ending in `/` stands for the pages under it). */
const PRIVATE_TITLES: ReadonlyArray<readonly [path: string, title: TextKey]> = [
  ['/auth/reset-password', 'auth:reset.title'],
  ['/auth', 'auth:signIn.title'],
  ['/checkout/', 'checkout:title'],
  ['/profile', 'common:nav.profile'],
  ['/invoices', 'account:invoices.title'],
  ['/security', 'account:security.title'],
  ['/notifications', 'account:notifications.title'],
  ['/product-access/', 'credentials:title'],
];

/**
 * The title of the page at `path` (without the language prefix): a public page's as its head on
 * the server gives it, a private page's, the 404's for an address no screen has; `screen` for a
 * plan's page (its screen names it once the plan is read: until then the server's title, or the
 * page before's, stays); null for the pages with none (the brand alone).
 */
export function titleKeyOf(path: string, known: (path: string) => boolean): TextKey | 'screen' | null {
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  if (page) return page.title;
  if (path.startsWith(PLAN_PAGE.prefix)) return 'screen';
  const own = PRIVATE_TITLES.find(([prefix]) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix));
  if (own) return own[1];
  return known(path) ? null : NOT_FOUND_PAGE.title;
}

/**
 * Names the browser tab after the page at each address, in the language shown
 * (`Aide · PremiumShare`): the title the server wrote is only the first page's. Rendered before
 * the screens; a screen naming itself (a plan's page) is left to do so.
 */
export function RouteTitle({ known }: { known: (path: string) => boolean }): null {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    const key = titleKeyOf(pathname, known);
    // Written here, the brand alone would replace the plan's title whenever this runs again.
    if (key === 'screen') return;
    if (!key) {
      document.title = config.brand;
      return;
    }
    let current = true;
    // A screen's texts load with it: the title is written once its namespace is there.
    void i18n.loadNamespaces(key.slice(0, key.indexOf(':'))).then(() => {
      if (current) document.title = `${i18n.t(key as never)} · ${config.brand}`;
    });
    return () => {
      current = false;
    };
  }, [pathname, language, i18n, known]);
  return null;
}
