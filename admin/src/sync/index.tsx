import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

export { SyncMenuItem } from './sync-menu-item';

const SyncPage = lazy(() => import('./sync-page').then((module) => ({ default: module.SyncPage })));

/** The sync tab (a custom route, /admin/sync), loaded on demand. */
export function LazySyncPage() {
  return (
    <Suspense fallback={<Loading />}>
      <SyncPage />
    </Suspense>
  );
}
