/** Settings of the shop in the browser; everything else reads them from here. */
export const config = {
  /** Same origin: the API serves the built shop, and Vite proxies /api in development. */
  // `env` is absent where the build itself reads these settings (scripts/public-pages-manifest.ts).
  apiBaseUrl: import.meta.env?.VITE_API_BASE_URL ?? '',
  brand: 'PremiumShare',
  supportEmail: 'support@premium-share.example',
  languages: ['fr', 'en'] as const,
  defaultLanguage: 'fr' as const,
  languageStorageKey: 'shop.language',
  /** Below this width the header collapses into a drawer (seeds: 768 px). */
  mobileBreakpointPx: 768,
} as const;

export type Language = (typeof config.languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (config.languages as readonly string[]).includes(value);
}
