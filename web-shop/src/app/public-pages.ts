import { LEGAL_PAGES } from '../features/legal/lib/legal-pages';

/** A key of the shop's translations, `namespace:key.path`. */
type TextKey = `${string}:${string}`;

/**
 * The pages a search engine or a link preview may read: their address (without the language
 * prefix) and the translations of their title and description. The build copies these texts,
 * in both languages, into `dist/public-pages.json`, from which the server writes each page's
 * `<head>` and the sitemap; every other page of the shop (account, checkout, payment) is private.
 */
export interface PublicPage {
  path: string;
  title: TextKey;
  description: TextKey;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: 'catalogue:hero.title', description: 'catalogue:hero.subtitle' },
  {
    path: '/subscriptions',
    title: 'catalogue:subscriptionsHero.title',
    description: 'catalogue:subscriptionsHero.subtitle',
  },
  { path: '/support', title: 'support:support.title', description: 'support:support.subtitle' },
  { path: '/contact', title: 'support:contact.title', description: 'support:contact.subtitle' },
  { path: '/help', title: 'support:help.title', description: 'support:help.subtitle' },
  { path: '/affiliate', title: 'info:affiliate.title', description: 'info:affiliate.subtitle' },
  { path: '/blog', title: 'info:blog.title', description: 'info:blog.subtitle' },
  { path: '/suggest-service', title: 'info:suggest.title', description: 'info:suggest.subtitle' },
  { path: '/become-partner', title: 'info:partner.title', description: 'info:partner.subtitle' },
  { path: '/about', title: 'info:about.title', description: 'info:about.subtitle' },
  { path: '/story', title: 'info:story.title', description: 'info:story.subtitle' },
  ...LEGAL_PAGES.map((page) => ({
    path: page.path,
    title: `legal:pages.${page.key}.title` as const,
    description: `legal:pages.${page.key}.intro` as const,
  })),
];

/** A plan's page, `/subscription/:id`: its texts take the plan's `name` and `price` (per month). */
export const PLAN_PAGE = {
  prefix: '/subscription/',
  title: 'catalogue:meta.planTitle',
  description: 'catalogue:meta.planDescription',
} as const;

/** The shop's 404 page, for any other address. */
export const NOT_FOUND_PAGE = { title: 'common:notFound.title', description: 'common:notFound.message' } as const;

/**
 * The shop's private pages (as in src/app/router.tsx): kept out of search engines (robots.txt,
 * `noindex`) and, opened without prefix, shown in the visitor's chosen language. A path ending in
 * `/` stands for the pages under it.
 */
export const PRIVATE_PATHS: readonly string[] = [
  '/auth',
  '/auth/reset-password',
  '/checkout/',
  '/payment-success',
  '/payment-cancelled',
  '/profile',
  '/product-access/',
  '/notifications',
  '/security',
  '/invoices',
  '/paypal-test',
];

/** Whether `path` (without language prefix) is a page for everyone, indexed in both languages. */
export function isPublicPath(path: string): boolean {
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (trimmed.startsWith(PLAN_PAGE.prefix)) return !trimmed.slice(PLAN_PAGE.prefix.length).includes('/');
  return PUBLIC_PAGES.some((page) => page.path === trimmed);
}
