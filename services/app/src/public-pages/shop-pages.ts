import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plan } from '@shop/contracts';
import { LANGUAGES, type Language } from '@shop/domain';
import { PreparedAnswer } from '../infrastructure/prepared-answer.js';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers.js';
import type { Logger } from '../infrastructure/logger.js';
import { planImagePath, SHOP_IMAGE_PATH } from './og-image.js';
import { headTags, scriptJson, type PageHead } from './page-head.js';
import { interpolate, type PageTexts, type PublicPagesFile } from './page-texts.js';

/**
 * How long a page's HTML is kept once written before the catalogue is looked at again. With the
 * catalogue's own second in memory (CatalogueAnswers), an operator's price change reaches the plan
 * pages' HTML within 6 seconds. A page whose catalogue is the same is kept on (its bytes and tag
 * unchanged, so a revisit is a 304), up to PAGE_MAX_LIFE_MS.
 */
export const PAGE_MAX_AGE_MS = 5000;

/** A page is written anew at least this often, whatever the catalogue (its footer's year, a new day). */
export const PAGE_MAX_LIFE_MS = 10 * 60_000;

/**
 * A page's body not rendered within this long is left to the browser: the page leaves with an
 * empty root, as it did before the server rendered bodies (ADR 0036).
 */
export const RENDER_TIMEOUT_MS = 2000;

/**
 * How long a page sent without the body it should have (the renderer was late or failed) is kept:
 * a second, so the next visitors get the page rendered once the renderer has warmed up (a
 * process's first render of a screen loads its chunk), while a renderer in trouble is asked at
 * most once a second per page.
 */
export const PAGE_WITHOUT_BODY_MAX_AGE_MS = 1000;

/**
 * Unknown addresses whose 404 page is sent with its body, per second and process. They are as
 * many as visitors can type and none is kept, so each is a render (about 30 ms of CPU): beyond
 * these, a flood of them gets the 404 page's head with an empty root, which the browser renders.
 */
export const UNKNOWN_ADDRESSES_RENDERED_PER_SECOND = 5;

/** `renderPage` of the shop's server renderer (web-shop/src/entry-server.tsx, built into `.ssr/`). */
type RenderPage = (page: {
  url: string;
  language: Language;
  plans: readonly Plan[];
  plan?: Plan;
  timeoutMs?: number;
}) => Promise<RenderedBody>;

/** A page's body as the renderer gives it: its HTML, what goes in the head with it (its styles), and its state. */
interface RenderedBody {
  html: string;
  head?: string;
  state: unknown;
}

/** What a page's body is rendered with: its address and the catalogue's answers it may show. */
interface PageBody {
  url: string;
  plans: readonly Plan[];
  plan?: Plan;
}

/** One page of the shop, ready to send: its bytes kept with their compressed forms, made on first ask. */
export interface ShopPage {
  status: 200 | 404;
  language: string;
  answer: PreparedAnswer;
  /** The page's HTML, read from its bytes. */
  readonly html: string;
  /** The page should have had its body and was sent without it (the renderer late or failing). */
  withoutBody?: boolean;
}

/** A page kept: when it was written, when last found current, and the catalogue it was written with. */
interface KeptPage {
  at: number;
  writtenAt: number;
  catalogue: string;
  page: ShopPage;
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
  private readonly cache = new Map<string, KeptPage>();
  private renderer: Promise<RenderPage | null> | undefined;
  private warned = false;
  private unknownRendered = { second: 0, count: 0 };

  constructor(
    private readonly deps: {
      webShopDir: string;
      publicUrl: string;
      pages: PublicPagesFile;
      catalogue: CatalogueAnswers;
      logger?: Pick<Logger, 'warn'>;
      /** The server renderer's module; `<webShopDir>/.ssr/entry-server.js` by default. */
      rendererFile?: string;
      renderTimeoutMs?: number;
      now?: () => number;
    },
  ) {
    this.template = readFileSync(path.join(deps.webShopDir, 'index.html'), 'utf8');
    if (![HTML_TAG, TITLE_TAG, ROOT_TAG].every((tag) => this.template.includes(tag))) {
      throw new Error(`${deps.webShopDir}/index.html lacks ${HTML_TAG}, ${TITLE_TAG} or ${ROOT_TAG}`);
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

  /**
   * `options.query`: the address has a query string (a filtered catalogue, a campaign's tags).
   * Such a page may show other than the one rendered without it, and query strings are as many as
   * visitors can type: its body is left to the browser, its head is the page's.
   */
  async page(pathname: string, options: { query?: boolean } = {}): Promise<ShopPage> {
    const now = (this.deps.now ?? Date.now)();
    const withBody = !options.query;
    const key = `${withBody ? '' : '?'}${pathname.replace(/\/+$/, '') || '/'}`;
    const kept = this.cache.get(key);
    const maxAge = kept?.page.withoutBody ? PAGE_WITHOUT_BODY_MAX_AGE_MS : PAGE_MAX_AGE_MS;
    if (kept && now - kept.at < maxAge) return kept.page;
    const address = this.address(pathname);
    const catalogue = await this.deps.catalogue.version(address.language);
    if (kept && !kept.page.withoutBody && kept.catalogue === catalogue && now - kept.writtenAt < PAGE_MAX_LIFE_MS) {
      kept.at = now;
      return kept.page;
    }
    const page = await this.write(address, withBody ? pathname : null);
    // Only the shop's own pages are kept: unknown addresses are as many as visitors can type.
    if (page.status === 200) {
      if (this.cache.size >= MAX_PAGES_KEPT) this.cache.clear();
      this.cache.set(key, { at: now, writtenAt: now, catalogue, page });
    }
    return page;
  }

  /** The page at `address`, its body rendered at `url` unless that is null. */
  private async write(address: PageAddress, url: string | null): Promise<ShopPage> {
    const { pages } = this.deps;
    const { language, path: shopPath } = address;
    const body = async (plan?: Plan): Promise<PageBody | undefined> =>
      url === null ? undefined : { url, plans: await this.deps.catalogue.plans(language), plan };
    const text = (texts: PageTexts, values: Record<string, string> = {}) => ({
      title: interpolate(texts.title[language] ?? '', values),
      description: interpolate(texts.description[language] ?? '', values),
    });
    const indexed = (texts: { title: string; description: string }): PageHead => ({
      language,
      ...texts,
      canonical: this.url(language, shopPath),
      alternates: this.alternates(shopPath),
      // Link previews take no SVG: the shop's picture drawn as PNG (og-image.ts).
      image: { url: this.absolute(SHOP_IMAGE_PATH), alt: pages.brand },
    });

    const publicPage = pages.pages.find((page) => page.path === shopPath);
    if (publicPage) return this.answer(200, indexed(text(publicPage)), await body());

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
        // Link previews take no SVG: the plan's picture drawn as PNG (og-image.ts).
        const image = { url: this.absolute(planImagePath(plan.id)), alt: `${plan.name} · ${pages.brand}` };
        const product = { plan, url: head.canonical ?? '', image: image.url };
        return this.answer(200, { ...head, image, product }, await body(plan));
      }
    } else if (pages.privatePaths.some((prefix) => isUnder(shopPath, prefix))) {
      return this.answer(200, { language, title: pages.brand, description: '', alternates: [], noindex: true });
    }
    // An unknown plan's address is the plan screen, which says so once the browser asked.
    const notFound: PageHead = { language, ...text(pages.notFound), alternates: [], noindex: true };
    // An address with a query string has no body to render, so it spends none of the second's renders.
    return this.answer(404, notFound, url !== null && this.mayRenderUnknown() ? await body() : undefined);
  }

  /** Whether this second's bodies of unknown addresses (UNKNOWN_ADDRESSES_RENDERED_PER_SECOND) are not all rendered yet. */
  private mayRenderUnknown(): boolean {
    const second = Math.floor((this.deps.now ?? Date.now)() / 1000);
    if (this.unknownRendered.second !== second) this.unknownRendered = { second, count: 0 };
    return this.unknownRendered.count++ < UNKNOWN_ADDRESSES_RENDERED_PER_SECOND;
  }

  /** The page's HTML: its head, and its body when `body` is given and the renderer gives it in time. */
  private async answer(status: ShopPage['status'], head: PageHead, body?: PageBody): Promise<ShopPage> {
    const rendered = body && (await this.render(head.language as Language, body));
    // Replaced by functions: a replacement string would read `$&` or `$'` in a plan's text as patterns.
    let html = this.template
      .replace(HTML_TAG, () => `<html lang="${head.language}">`)
      .replace(TITLE_TAG, () => headTags(head, this.deps.pages.brand));
    if (rendered) {
      if (rendered.head) html = html.replace(HEAD_END_TAG, () => `${rendered.head}\n  ${HEAD_END_TAG}`);
      // The answers the body was rendered with, for the browser's first render to match it (web-shop/src/main.tsx).
      html = html.replace(
        ROOT_TAG,
        () =>
          `<div id="root">${rendered.html}</div>\n    <script id="shop-state" type="application/json">${scriptJson(rendered.state)}</script>`,
      );
    }
    const answer = new PreparedAnswer(Buffer.from(html));
    return {
      status,
      language: head.language,
      answer,
      get html() {
        return answer.body.toString('utf8');
      },
      ...(body && !rendered ? { withoutBody: true } : {}),
    };
  }

  /** The page's body by the shop's server renderer, or null (no renderer, an error, too late): the browser renders it then. */
  private async render(language: Language, body: PageBody): Promise<RenderedBody | null> {
    const timeoutMs = this.deps.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      // Loading the renderer (the first page of a process) counts in the time too.
      const rendering = this.loadRenderer().then(
        (renderPage) => renderPage?.({ ...body, language, timeoutMs }) ?? null,
      );
      return await Promise.race([
        rendering,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`not rendered within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      this.warnOnce(error, `${body.url} sent without its body, rendered by the browser`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Loaded once, on the first page: a process that serves no page never loads React. */
  private loadRenderer(): Promise<RenderPage | null> {
    const file = this.deps.rendererFile ?? path.join(this.deps.webShopDir, '.ssr', 'entry-server.js');
    this.renderer ??= import(pathToFileURL(file).href).then(
      (module: { renderPage?: RenderPage }) => {
        if (typeof module.renderPage !== 'function') throw new Error(`${file} exports no renderPage`);
        return module.renderPage;
      },
      (error: unknown) => {
        // Said by itself (loaded once, so said once): a first page that gave up waiting has said only "too slow".
        this.deps.logger?.warn(
          { err: error },
          `the shop's server renderer (${file}) cannot be loaded: pages are sent without their body`,
        );
        return null;
      },
    );
    return this.renderer;
  }

  /** Said once per process: a failing renderer would otherwise write a line per page asked. */
  private warnOnce(error: unknown, message: string): void {
    if (this.warned) return;
    this.warned = true;
    this.deps.logger?.warn({ err: error }, message);
  }

  private absolute(address: string): string {
    return /^https?:\/\//.test(address)
      ? address
      : `${this.deps.publicUrl}${address.startsWith('/') ? '' : '/'}${address}`;
  }
}

const HTML_TAG = '<html lang="fr">';
const TITLE_TAG = '<title>PremiumShare</title>';
const ROOT_TAG = '<div id="root"></div>';
const HEAD_END_TAG = '</head>';
/** The shop's pages in both languages with a few hundred plans. */
const MAX_PAGES_KEPT = 2000;

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '') || '/';
}

/** `/checkout/netflix` is under `/checkout/`; `/auth` is `/auth` itself. */
function isUnder(shopPath: string, prefix: string): boolean {
  return prefix.endsWith('/') ? shopPath.startsWith(prefix) : shopPath === prefix;
}
