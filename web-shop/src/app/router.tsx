import { lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { config, type Language } from '../config';
import { languageBasename, languagePath, splitLanguagePath } from '../lib/language-path';
import { LanguageSwitchContext } from '../lib/language-switch';
import { NavigationErrorBoundary } from '../components/layout/navigation-error';
import { RootLayout } from '../components/layout/root-layout';

// One chunk per screen; the layout's Suspense shows a loader while a chunk arrives.
const HomeRoute = lazy(() => import('./routes/home'));
const SubscriptionsRoute = lazy(() => import('./routes/subscriptions'));
const SubscriptionRoute = lazy(() => import('./routes/subscription'));
const AuthRoute = lazy(() => import('./routes/auth'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const PaymentSuccessRoute = lazy(() => import('./routes/payment-success'));
const PaymentCancelledRoute = lazy(() => import('./routes/payment-cancelled'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const ProductAccessRoute = lazy(() => import('./routes/product-access'));
const NotificationsRoute = lazy(() => import('./routes/notifications'));
const SecurityRoute = lazy(() => import('./routes/security'));
const InvoicesRoute = lazy(() => import('./routes/invoices'));
const PaypalTestRoute = lazy(() => import('./routes/paypal-test'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const SupportRoute = lazy(() => import('./routes/support'));
const ContactRoute = lazy(() => import('./routes/contact'));
const HelpRoute = lazy(() => import('./routes/help'));
const AffiliateRoute = lazy(() => import('./routes/affiliate'));
const BlogRoute = lazy(() => import('./routes/blog'));
const SuggestServiceRoute = lazy(() => import('./routes/suggest-service'));
const BecomePartnerRoute = lazy(() => import('./routes/become-partner'));
const AboutRoute = lazy(() => import('./routes/about'));
const StoryRoute = lazy(() => import('./routes/story'));
const LegalRoute = lazy(() => import('./routes/legal'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/** The eight legal pages share one screen; the path names the text. */
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

  const switchLanguage = useCallback(
    (next: Language) => {
      const { pathname, search, hash } = window.location;
      const { path } = splitLanguagePath(pathname);
      window.history.pushState(null, '', `${languagePath(next, path)}${search}${hash}`);
      rememberLanguage(next);
      setLanguage(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );

  return (
    <LanguageSwitchContext.Provider value={switchLanguage}>
      <LanguageRoutes language={language} />
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

/** The shop's screens, under the router of the browser (above) or of the server (src/entry-server.tsx). */
export function ShopRoutes() {
  return (
    <>
      {/* A screen's failure is caught inside the layout; this catches the layout's own. */}
      <NavigationErrorBoundary resetKey="layout">
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<HomeRoute />} />
            <Route path="/subscriptions" element={<SubscriptionsRoute />} />
            <Route path="/subscription/:id" element={<SubscriptionRoute />} />
            <Route path="/auth" element={<AuthRoute />} />
            <Route path="/checkout/:id" element={<CheckoutRoute />} />
            <Route path="/payment-success" element={<PaymentSuccessRoute />} />
            <Route path="/payment-cancelled" element={<PaymentCancelledRoute />} />
            <Route path="/profile" element={<ProfileRoute />} />
            <Route path="/product-access/:id" element={<ProductAccessRoute />} />
            <Route path="/notifications" element={<NotificationsRoute />} />
            <Route path="/security" element={<SecurityRoute />} />
            <Route path="/invoices" element={<InvoicesRoute />} />
            <Route path="/paypal-test" element={<PaypalTestRoute />} />
            <Route path="/auth/reset-password" element={<ResetPasswordRoute />} />
            <Route path="/support" element={<SupportRoute />} />
            <Route path="/contact" element={<ContactRoute />} />
            <Route path="/help" element={<HelpRoute />} />
            <Route path="/affiliate" element={<AffiliateRoute />} />
            <Route path="/blog" element={<BlogRoute />} />
            <Route path="/suggest-service" element={<SuggestServiceRoute />} />
            <Route path="/become-partner" element={<BecomePartnerRoute />} />
            <Route path="/about" element={<AboutRoute />} />
            <Route path="/story" element={<StoryRoute />} />
            {LEGAL_PAGES.map((page) => (
              <Route key={page} path={`/${page}`} element={<LegalRoute />} />
            ))}
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </NavigationErrorBoundary>
    </>
  );
}
