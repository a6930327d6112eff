import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
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

export function AppRouter() {
  return (
    // The component router, not the data router: the shop loads no data through routes, and the
    // data router would add 16 KB (gzipped) to the first page.
    <BrowserRouter>
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
    </BrowserRouter>
  );
}
