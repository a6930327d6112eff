import type { CatchAllComponent } from 'react-admin';
import { lazyScreen } from '../lib/lazy-screen';

/**
 * react-admin's error, "not found" and "authentication error" pages, loaded when one is shown.
 * Each one sets the page title through react-admin's `Title`, which brings the title editor and
 * with it MUI's whole text field and select family: none of it belongs in the first load.
 */
export const ErrorPage = lazyScreen(() => import('./rare-pages').then((m) => m.Error));
// `<Admin>` gives react-admin's NotFound as the catch-all too, whose `title` is typed narrower than what it is given.
export const NotFoundPage = lazyScreen(() => import('./rare-pages').then((m) => m.NotFound as CatchAllComponent));
export const AuthenticationErrorPage = lazyScreen(() => import('./rare-pages').then((m) => m.AuthenticationError));

/**
 * What react-admin's `Layout` gets when it imports its error page (see vite.config.ts): the same
 * page, loaded on demand.
 */
export { ErrorPage as Error };
