import { lazyScreen } from '../lib/lazy-screen';

/** The free offer's screen (a custom route, /admin/free-offer), loaded on demand. */
export const LazyFreeOfferPage = lazyScreen(() => import('./free-offer-page').then((module) => module.FreeOfferPage));
