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
const NotFoundRoute = lazy(() => import('./routes/not-found'));

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
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
