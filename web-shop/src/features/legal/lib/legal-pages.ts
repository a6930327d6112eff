/** The eight legal pages: their path and the key of their text in the `legal` namespace. */
export const LEGAL_PAGES = [
  { path: '/terms', key: 'terms', long: true },
  { path: '/privacy', key: 'privacy', long: true },
  { path: '/copyright', key: 'copyright', long: false },
  { path: '/refund-policy', key: 'refundPolicy', long: false },
  { path: '/aml-policy', key: 'amlPolicy', long: false },
  { path: '/terms-of-use', key: 'termsOfUse', long: false },
  { path: '/gdpr', key: 'gdpr', long: false },
  { path: '/cookies', key: 'cookies', long: false },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number];

export function legalPageAt(pathname: string): LegalPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return LEGAL_PAGES.find((page) => page.path === path);
}
