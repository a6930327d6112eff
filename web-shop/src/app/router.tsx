import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from './routes/route-error';

// One chunk per screen; the layout's Suspense shows a loader while a chunk arrives.
const HomeRoute = lazy(() => import('./routes/home'));
const SubscriptionsRoute = lazy(() => import('./routes/subscriptions'));
const SubscriptionRoute = lazy(() => import('./routes/subscription'));
const AuthRoute = lazy(() => import('./routes/auth'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const PaymentSuccessRoute = lazy(() => import('./routes/payment-success'));
const PaymentCancelledRoute = lazy(() => import('./routes/payment-cancelled'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const NotificationsRoute = lazy(() => import('./routes/notifications'));
const SecurityRoute = lazy(() => import('./routes/security'));
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

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/subscriptions', element: <SubscriptionsRoute /> },
      { path: '/subscription/:id', element: <SubscriptionRoute /> },
      { path: '/auth', element: <AuthRoute /> },
      { path: '/checkout/:id', element: <CheckoutRoute /> },
      { path: '/payment-success', element: <PaymentSuccessRoute /> },
      { path: '/payment-cancelled', element: <PaymentCancelledRoute /> },
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/notifications', element: <NotificationsRoute /> },
      { path: '/security', element: <SecurityRoute /> },
      { path: '/paypal-test', element: <PaypalTestRoute /> },
      { path: '/auth/reset-password', element: <ResetPasswordRoute /> },
      { path: '/support', element: <SupportRoute /> },
      { path: '/contact', element: <ContactRoute /> },
      { path: '/help', element: <HelpRoute /> },
      { path: '/affiliate', element: <AffiliateRoute /> },
      { path: '/blog', element: <BlogRoute /> },
      { path: '/suggest-service', element: <SuggestServiceRoute /> },
      { path: '/become-partner', element: <BecomePartnerRoute /> },
      { path: '/about', element: <AboutRoute /> },
      { path: '/story', element: <StoryRoute /> },
      ...LEGAL_PAGES.map((page) => ({ path: `/${page}`, element: <LegalRoute /> })),
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
