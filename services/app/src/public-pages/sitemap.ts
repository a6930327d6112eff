import { escapeHtml } from './page-head.js';

/** One page of the sitemap: its address, when it last changed, and the same page in each language (and `x-default`). */
export interface SitemapEntry {
  loc: string;
  /** When the page's content last changed (W3C date-time), where the shop knows it. */
  lastmod?: string;
  alternates: { hreflang: string; href: string }[];
}

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/** A sitemaps.org 0.9 `urlset`, each page with its alternates as `xhtml:link` (as search engines read them). */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = entry.alternates.map(
      (alternate) =>
        `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}"/>`,
    );
    const lastmod = entry.lastmod ? [`    <lastmod>${escapeHtml(entry.lastmod)}</lastmod>`] : [];
    return [`  <url>`, `    <loc>${escapeHtml(entry.loc)}</loc>`, ...lastmod, ...links, `  </url>`].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`,
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
