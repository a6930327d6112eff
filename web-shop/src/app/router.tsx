import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { config, type Language } from '../config';
import { languageBasename, languagePath, splitLanguagePath } from '../lib/language-path';
import { FormDrafts, FormDraftsContext } from '../lib/form-drafts';
import { LanguageSwitchContext } from '../lib/language-switch';
import { NavigationErrorBoundary } from '../components/layout/navigation-error';
import { RootLayout } from '../components/layout/root-layout';
import { RouteTitle } from './route-title';
import { screen, type Screen } from './screen';

/** The eight legal pages share one screen; the path names the text. */
const LegalRoute = screen(() => import('./routes/legal'));
const LEGAL_PAGES = ['terms', 'privacy', 'copyright', 'refund-policy', 'aml-policy', 'terms-of-use', 'gdpr', 'cookies'];

/** Remembers the visitor's choice, for the private pages they open later without prefix. */
function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(config.languageStorageKey, language);
  } catch {
    // Not remembered this time; the choice still applies to this visit.
  }
}

export function AppRouter() {
  const { i18n } = useTranslation();
  // Routes and links are written without the language prefix: the router's basename adds it.
  const [language, setLanguage] = useState(() => splitLanguagePath(window.location.pathname).language);

  useEffect(() => {
    // Back and forward can cross from one language's addresses to the other's.
    const followAddress = () => {
      const next = splitLanguagePath(window.location.pathname).language;
      setLanguage(next);
      void i18n.changeLanguage(next);
    };
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, [i18n]);

  // What is typed into the forms on screen, kept while the screens are mounted again in the other language.
  const drafts = useRef(new FormDrafts()).current;

  const switchLanguage = useCallback(
    (next: Language) => {
      drafts.carryOver();
      const { pathname, search, hash } = window.location;
      const { path } = splitLanguagePath(pathname);
      window.history.pushState(null, '', `${languagePath(next, path)}${search}${hash}`);
      rememberLanguage(next);
      setLanguage(next);
      void i18n.changeLanguage(next);
    },
    [i18n, drafts],
  );

  return (
    <LanguageSwitchContext.Provider value={switchLanguage}>
      <FormDraftsContext.Provider value={drafts}>
        <LanguageRoutes language={language} />
      </FormDraftsContext.Provider>
    </LanguageSwitchContext.Provider>
  );
}

function LanguageRoutes({ language }: { language: Language }) {
  return (
    // The component router, not the data router: the shop loads no data through routes, and the
    // data router would add 16 KB (gzipped) to the first page. A new one per language: its
    // basename is the language's prefix.
    <BrowserRouter key={language} basename={languageBasename(language)}>
      <ShopRoutes />
    </BrowserRouter>
  );
}

/**
 * The shop's screens by address (without the language prefix: the router's basename adds it).
 * One chunk per screen; the layout's Suspense shows a loader while a chunk arrives.
 */
const SCREENS: { path: string; screen: Screen }[] = [
  { path: '/', screen: screen(() => import('./routes/home')) },
  { path: '/subscriptions', screen: screen(() => import('./routes/subscriptions')) },
  { path: '/subscription/:id', screen: screen(() => import('./routes/subscription')) },
  { path: '/auth', screen: screen(() => import('./routes/auth')) },
  { path: '/checkout/:id', screen: screen(() => import('./routes/checkout')) },
  { path: '/payment-success', screen: screen(() => import('./routes/payment-success')) },
  { path: '/payment-cancelled', screen: screen(() => import('./routes/payment-cancelled')) },
  { path: '/profile', screen: screen(() => import('./routes/profile')) },
  { path: '/product-access/:id', screen: screen(() => import('./routes/product-access')) },
  { path: '/notifications', screen: screen(() => import('./routes/notifications')) },
  { path: '/security', screen: screen(() => import('./routes/security')) },
  { path: '/invoices', screen: screen(() => import('./routes/invoices')) },
  { path: '/paypal-test', screen: screen(() => import('./routes/paypal-test')) },
  { path: '/auth/reset-password', screen: screen(() => import('./routes/reset-password')) },
  { path: '/support', screen: screen(() => import('./routes/support')) },
  { path: '/contact', screen: screen(() => import('./routes/contact')) },
  { path: '/help', screen: screen(() => import('./routes/help')) },
  { path: '/affiliate', screen: screen(() => import('./routes/affiliate')) },
  { path: '/blog', screen: screen(() => import('./routes/blog')) },
  { path: '/suggest-service', screen: screen(() => import('./routes/suggest-service')) },
  { path: '/become-partner', screen: screen(() => import('./routes/become-partner')) },
  { path: '/about', screen: screen(() => import('./routes/about')) },
  { path: '/story', screen: screen(() => import('./routes/story')) },
  ...LEGAL_PAGES.map((page) => ({ path: `/${page}`, screen: LegalRoute })),
  { path: '*', screen: screen(() => import('./routes/not-found')) },
];

const ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: SCREENS.map(({ path, screen: Screen }) => ({ path, element: <Screen /> })),
  },
];

/**
 * Loads the screen at `path` (without the language prefix), for a page the server rendered to be
 * hydrated with its screen at hand: a screen still loading when an update reaches it would be
 * rendered anew in the browser, its loader showing for a moment.
 */
export async function loadScreenAt(path: string): Promise<void> {
  const match = matchRoutes(ROUTES, path)?.at(-1);
  const found = SCREENS.find((entry) => entry.path === match?.route.path);
  await found?.screen.load();
}

/** Whether a screen (other than the 404's) has the address `path`. */
const hasScreen = (path: string) => matchRoutes(ROUTES, path)?.at(-1)?.route.path !== '*';

/** The shop's screens, under the router of the browser (above) or of the server (src/entry-server.tsx). */
export function ShopRoutes() {
  // A screen's failure is caught inside the layout; this catches the layout's own.
  return (
    <>
      <RouteTitle known={hasScreen} />
      <NavigationErrorBoundary resetKey="layout">{useRoutes(ROUTES)}</NavigationErrorBoundary>
    </>
  );
}
