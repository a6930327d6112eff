import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

// The charts' library is only needed here: the dashboard is its own chunk, loaded once the
// back-office is up, so the first load stays small.
const Dashboard = lazy(() => import('./dashboard'));

/** The back-office's home page (react-admin's `dashboard`), loaded on demand. */
export function LazyDashboard() {
  return (
    <Suspense fallback={<Loading />}>
      <Dashboard />
    </Suspense>
  );
}
