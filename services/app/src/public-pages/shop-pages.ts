import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@shop/domain';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers.js';
import { headTags, type PageHead } from './page-head.js';
import { interpolate, type PageTexts, type PublicPagesFile } from './page-texts.js';

/**
 * How long a page's HTML is kept once written. With the catalogue's own second in memory
 * (CatalogueAnswers), an operator's price change reaches the plan pages' HTML within 6 seconds.
 */
export const PAGE_MAX_AGE_MS = 5000;

/** One page of the shop, ready to send. */
export interface ShopPage {
  status: 200 | 404;
  language: string;
  html: string;
}

const PRICE_LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-IE' };

/** An address of the shop split into its language and its path within the shop (`/en/help` → en, `/help`). */
export interface PageAddress {
  language: Language;
  path: string;
}

/**
 * The shop's `index.html` for each address, its `<head>` written for that page: title,
 * description, canonical address, the page in each language, link previews, and schema.org
 * `Product` on a plan page. The texts come from the shop's build (`public-pages.json`), the plans
 * from the catalogue read model.
 */
export class ShopPages {
  private readonly template: string;
  private readonly cache = new Map<string, { at: number; page: ShopPage }>();

  constructor(
    private readonly deps: {
      webShopDir: string;
      publicUrl: string;
      pages: PublicPagesFile;
      catalogue: CatalogueAnswers;
      now?: () => number;
    },
  ) {
    this.template = readFileSync(path.join(deps.webShopDir, 'index.html'), 'utf8');
    if (!this.template.includes(HTML_TAG) || !this.template.includes(TITLE_TAG)) {
      throw new Error(`${deps.webShopDir}/index.html lacks ${HTML_TAG} or ${TITLE_TAG}`);
    }
  }

  /** `pathname` (`/en/subscription/netflix`) as a language and a path of the shop. */
  address(pathname: string): PageAddress {
    const { pages } = this.deps;
    for (const [language, prefix] of Object.entries(pages.prefixes)) {
      if (
        (LANGUAGES as readonly string[]).includes(language) &&
        (pathname === prefix || pathname.startsWith(`${prefix}/`))
      ) {
        return { language: language as Language, path: trimSlash(pathname.slice(prefix.length)) };
      }
    }
    return { language: pages.defaultLanguage as Language, path: trimSlash(pathname) };
  }

  /** The absolute address of `path` in `language`. */
  url(language: string, shopPath: string): string {
    const prefix = this.deps.pages.prefixes[language] ?? '';
    const localPath = prefix && shopPath === '/' ? '/' : shopPath;
    return `${this.deps.publicUrl}${prefix}${localPath}`;
  }

  /** The page in every language and `x-default`, for `<link rel="alternate">` and the sitemap. */
  alternates(shopPath: string): { hreflang: string; href: string }[] {
    const { languages, defaultLanguage } = this.deps.pages;
    return [
      ...languages.map((language) => ({ hreflang: language, href: this.url(language, shopPath) })),
      { hreflang: 'x-default', href: this.url(defaultLanguage, shopPath) },
    ];
  }

  /** The paths of the public pages without a plan in them. */
  staticPaths(): string[] {
    return this.deps.pages.pages.map((page) => page.path);
  }

  planPath(planId: string): string {
    return `${this.deps.pages.planPage.prefix}${encodeURIComponent(planId)}`;
  }

  async page(pathname: string): Promise<ShopPage> {
    const now = (this.deps.now ?? Date.now)();
    const key = pathname.replace(/\/+$/, '') || '/';
    const kept = this.cache.get(key);
    if (kept && now - kept.at < PAGE_MAX_AGE_MS) return kept.page;
    const page = await this.write(this.address(pathname));
    // Only the shop's own pages are kept: unknown addresses are as many as visitors can type.
    if (page.status === 200) {
      if (this.cache.size >= MAX_PAGES_KEPT) this.cache.clear();
      this.cache.set(key, { at: now, page });
    }
    return page;
  }

  private async write(address: PageAddress): Promise<ShopPage> {
    const { pages } = this.deps;
    const { language, path: shopPath } = address;
    const text = (texts: PageTexts, values: Record<string, string> = {}) => ({
      title: interpolate(texts.title[language] ?? '', values),
      description: interpolate(texts.description[language] ?? '', values),
    });
    const indexed = (texts: { title: string; description: string }): PageHead => ({
      language,
      ...texts,
      canonical: this.url(language, shopPath),
      alternates: this.alternates(shopPath),
      image: this.absolute('/favicon.svg'),
    });

    const publicPage = pages.pages.find((page) => page.path === shopPath);
    if (publicPage) return this.answer(200, indexed(text(publicPage)));

    if (shopPath.startsWith(pages.planPage.prefix)) {
      const id = decodeURIComponent(shopPath.slice(pages.planPage.prefix.length));
      const plan = (await this.deps.catalogue.plans(language)).find((candidate) => candidate.id === id);
      if (plan) {
        const price = new Intl.NumberFormat(PRICE_LOCALES[language] ?? language, {
          style: 'currency',
          currency: plan.currency,
          minimumFractionDigits: 2,
        }).format(plan.monthlyPriceCents / 100);
        const head = indexed(text(pages.planPage, { name: plan.name, price }));
        const image = this.absolute(plan.logo);
        return this.answer(200, { ...head, image, product: { plan, url: head.canonical ?? '', image } });
      }
    } else if (pages.privatePaths.some((prefix) => isUnder(shopPath, prefix))) {
      return this.answer(200, { language, title: pages.brand, description: '', alternates: [], noindex: true });
    }
    return this.answer(404, { language, ...text(pages.notFound), alternates: [], noindex: true });
  }

  private answer(status: ShopPage['status'], head: PageHead): ShopPage {
    const html = this.template
      .replace(HTML_TAG, `<html lang="${head.language}">`)
      .replace(TITLE_TAG, headTags(head, this.deps.pages.brand));
    return { status, language: head.language, html };
  }

  private absolute(address: string): string {
    return /^https?:\/\//.test(address)
      ? address
      : `${this.deps.publicUrl}${address.startsWith('/') ? '' : '/'}${address}`;
  }
}

const HTML_TAG = '<html lang="fr">';
const TITLE_TAG = '<title>PremiumShare</title>';
/** The shop's pages in both languages with a few hundred plans. */
const MAX_PAGES_KEPT = 2000;

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '') || '/';
}

/** `/checkout/netflix` is under `/checkout/`; `/auth` is `/auth` itself. */
function isUnder(shopPath: string, prefix: string): boolean {
  return prefix.endsWith('/') ? shopPath.startsWith(prefix) : shopPath === prefix;
}
