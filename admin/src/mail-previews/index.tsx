import { lazyScreen } from '../lib/lazy-screen';

/** The preview of the subscription e-mails (a custom route, /admin/mail-previews), loaded on demand. */
export const LazyMailPreviewsPage = lazyScreen(() =>
  import('./mail-previews-page').then((module) => module.MailPreviewsPage),
);
