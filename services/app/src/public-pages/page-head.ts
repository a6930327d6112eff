import type { Plan } from '@shop/contracts';
import { PLAN_IMAGE_SIZE } from './og-image.js';

/** What the head of one page in one language says, its alternates included. */
export interface PageHead {
  language: string;
  title: string;
  description: string;
  /** Absolute address of this page; absent for the 404 page. */
  canonical?: string;
  /** Absolute address of the page in each language, and `x-default` (the default language's). */
  alternates: { hreflang: string; href: string }[];
  /** The link previews' picture (a PNG of `PLAN_IMAGE_SIZE`): its absolute address and what it shows, in words. */
  image?: { url: string; alt: string };
  /** Kept out of search results (the 404 page, private pages). */
  noindex?: boolean;
  /** The plan on a plan page: schema.org Product with its Offer. */
  product?: { plan: Plan; url: string; image: string };
}

const OG_LOCALES: Record<string, string> = { fr: 'fr_FR', en: 'en_GB' };

/** Text for an HTML attribute or element. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside `<script>`: no `</script>` or `<!--` can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** schema.org `Product` with one `Offer`: the price of a month, in the plan's currency, taxes included. */
export function productJsonLd(product: NonNullable<PageHead['product']>, description: string): Record<string, unknown> {
  const { plan } = product;
  const price = (plan.monthlyPriceCents / 100).toFixed(2);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${product.url}#product`,
    sku: plan.id,
    name: plan.name,
    description,
    image: product.image,
    category: plan.category,
    offers: {
      '@type': 'Offer',
      url: product.url,
      price,
      priceCurrency: plan.currency,
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: plan.currency,
        valueAddedTaxIncluded: true,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    },
  };
}

/** The tags of a page's head, after its charset and viewport. */
export function headTags(head: PageHead, brand: string): string {
  // A page named by the brand alone (a private page) is not named twice.
  const title = head.title === brand ? brand : `${head.title} · ${brand}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const alternate of head.alternates) {
    tags.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`);
  }
  tags.push(
    meta('property', 'og:site_name', brand),
    meta('property', 'og:type', head.product ? 'product' : 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:locale', OG_LOCALES[head.language] ?? head.language),
  );
  for (const alternate of head.alternates) {
    const locale = OG_LOCALES[alternate.hreflang];
    if (locale && alternate.hreflang !== head.language) tags.push(meta('property', 'og:locale:alternate', locale));
  }
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', String(PLAN_IMAGE_SIZE.width)),
      meta('property', 'og:image:height', String(PLAN_IMAGE_SIZE.height)),
      meta('property', 'og:image:alt', head.image.alt),
    );
  }
  tags.push(
    // The pictures are 1200×630, drawn for the large card.
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) {
    tags.push(meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  }
  if (head.product) {
    const price = (head.product.plan.monthlyPriceCents / 100).toFixed(2);
    tags.push(
      meta('property', 'product:price:amount', price),
      meta('property', 'product:price:currency', head.product.plan.currency),
      `<script type="application/ld+json">${scriptJson(productJsonLd(head.product, head.description))}</script>`,
    );
  }
  return tags.join('\n    ');
}
