import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from './routes/route-error';

// One chunk per screen; the layout's Suspense shows a loader while a chunk arrives.
const HomeRoute = lazy(() => import('./routes/home'));
const SubscriptionsRoute = lazy(() => import('./routes/subscriptions'));
const SubscriptionRoute = lazy(() => import('./routes/subscription'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/subscriptions', element: <SubscriptionsRoute /> },
      { path: '/subscription/:id', element: <SubscriptionRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
