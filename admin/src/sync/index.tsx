import { lazyScreen } from '../lib/lazy-screen';

/** The sync tab (a custom route, /admin/sync), loaded on demand. */
export const LazySyncPage = lazyScreen(() => import('./sync-page').then((module) => module.SyncPage));
