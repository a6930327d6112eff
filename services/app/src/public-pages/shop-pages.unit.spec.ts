import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plan } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers.js';
import type { PublicPagesFile } from './page-texts.js';
import {
  PAGE_MAX_AGE_MS,
  PAGE_WITHOUT_BODY_MAX_AGE_MS,
  ShopPages,
  UNKNOWN_ADDRESSES_RENDERED_PER_SECOND,
} from './shop-pages.js';

/*
 * The body of each page from the shop's server renderer, here stand-ins for it written as modules:
 * what is put where, and that a renderer failing, slow or missing leaves the page as it was
 * (head written, empty root) without failing the request. public-pages.int.spec.ts renders with the real one.
 */

const texts = (title: string) => ({ title: { fr: title, en: title }, description: { fr: title, en: title } });
const PAGES: PublicPagesFile = {
  brand: 'PremiumShare',
  languages: ['fr', 'en'],
  defaultLanguage: 'fr',
  prefixes: { en: '/en' },
  pages: [{ path: '/', ...texts('Accueil') }],
  planPage: { prefix: '/subscription/', ...texts('{{name}} à {{price}}') },
  notFound: texts('Page introuvable'),
  privatePaths: ['/profile', '/checkout/'],
};
const NETFLIX = { id: 'netflix', name: 'Netflix', monthlyPriceCents: 453, currency: 'EUR', logo: '/logos/netflix.svg' };
let netflix: Record<string, unknown> = NETFLIX;
const catalogue = {
  plans: () => Promise.resolve([netflix as unknown as Plan]),
  version: () => Promise.resolve(JSON.stringify(netflix)),
} as unknown as CatalogueAnswers;

let dir: string;
const renderer = (name: string, body: string) => {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, body);
  return file;
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-pages-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>PremiumShare</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function shopPages(rendererFile: string, renderTimeoutMs = 1000, now?: () => number) {
  const logger = { warn: vi.fn() };
  const pages = new ShopPages({
    webShopDir: dir,
    publicUrl: 'https://shop.example',
    pages: PAGES,
    catalogue,
    logger,
    rendererFile,
    renderTimeoutMs,
    ...(now ? { now } : {}),
  });
  return { pages, logger };
}

const stateOf = (html: string) =>
  JSON.parse(/<script id="shop-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

describe('a shop page’s body', () => {
  it('is the renderer’s HTML in #root, with the answers it showed beside it, escaped for a script element', async () => {
    const calls: unknown[] = [];
    const file = renderer(
      'echo',
      `export async function renderPage(page) {
        globalThis.shopPagesCalls.push(page);
        return { html: '<main>' + page.url + '</main>', state: { note: '</script><!-- & \\u2028' } };
      }`,
    );
    (globalThis as { shopPagesCalls?: unknown[] }).shopPagesCalls = calls;
    const { pages, logger } = shopPages(file);

    const plan = await pages.page('/en/subscription/netflix');
    expect(plan.html).toContain('<div id="root"><main>/en/subscription/netflix</main></div>');
    expect(plan.html).not.toContain('</script><!--');
    expect(plan.html).toContain('\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028');
    expect(stateOf(plan.html)).toEqual({ note: '</script><!-- & \u2028' });
    expect(calls).toEqual([
      { url: '/en/subscription/netflix', language: 'en', plans: [NETFLIX], plan: NETFLIX, timeoutMs: 1000 },
    ]);

    const notFound = await pages.page('/no-such-page');
    expect(notFound.status).toBe(404);
    expect(notFound.html).toContain('<main>/no-such-page</main>');
    // Private pages are the browser's to render, as are addresses with a query string.
    for (const page of [await pages.page('/profile'), await pages.page('/', { query: true })]) {
      expect(page.html).toContain('<div id="root"></div>');
      expect(page.html).not.toContain('shop-state');
    }
    expect((await pages.page('/')).html).toContain('<main>/</main>');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('puts the renderer’s head part (its styles) in the head, and writes texts with dollar signs as they are', async () => {
    // `$&`, `$'` and `$$` mean something to String.prototype.replace: a page's texts must come out unchanged.
    const file = renderer(
      'dollars',
      `export async function renderPage(page) {
        return { html: "<main>Prix : 5 $$ ou 5 $& ou 5 $'</main>", head: '<style data-style-names="a1">.a1{color:red}</style>', state: {} };
      }`,
    );
    const { pages } = shopPages(file);
    const page = await pages.page('/');
    expect(page.html).toContain('<div id="root"><main>Prix : 5 $$ ou 5 $& ou 5 $\'</main></div>');
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    expect(head).toContain('<style data-style-names="a1">.a1{color:red}</style>');
    expect(page.html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('is left to the browser when the renderer fails, is too slow or is missing, said once in the log', async () => {
    const failing = renderer('failing', `export async function renderPage() { throw new Error('broken screen'); }`);
    const slow = renderer('slow', `export function renderPage() { return new Promise(() => {}); }`);
    // Only the slow one is given a short time: the others must fail for their own reason on a loaded machine too.
    for (const [file, reason, timeoutMs] of [
      [failing, 'broken screen', 5000],
      [slow, 'not rendered within 50 ms', 50],
      [path.join(dir, 'missing.mjs'), 'missing.mjs', 5000],
    ] as const) {
      const { pages, logger } = shopPages(file, timeoutMs);
      for (const address of ['/', '/en/subscription/netflix']) {
        const page = await pages.page(address);
        expect([file, page.status]).toEqual([file, 200]);
        expect(page.html).toContain('<div id="root"></div>');
        expect(page.html).toContain('<title>');
        expect(page.html).not.toContain('shop-state');
      }
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(String((logger.warn.mock.calls[0]![0] as { err: Error }).err)).toContain(reason);
    }
  });

  it('says that the renderer cannot be loaded even when the first page gave up waiting for it', async () => {
    // A renderer that fails to load after the first page's time is up: the operator must read why, not only "too slow".
    const brokenLate = renderer(
      'broken-late',
      `await new Promise((resolve) => setTimeout(resolve, 200));
      throw new Error('a chunk of the renderer is missing');`,
    );
    const { pages, logger } = shopPages(brokenLate, 50);
    expect((await pages.page('/')).html).toContain('<div id="root"></div>');
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledTimes(2), { timeout: 5000 });
    const said = logger.warn.mock.calls.map(([{ err }, message]) => `${String(err)} ${String(message)}`);
    expect(said[0]).toContain('not rendered within 50 ms');
    expect(said[1]).toContain('a chunk of the renderer is missing');
    expect(said[1]).toContain('cannot be loaded');
    // Said once: the pages after it are sent without their body in silence.
    expect((await pages.page('/en/subscription/netflix')).html).toContain('<div id="root"></div>');
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('renders the bodies of unknown addresses a few a second: a flood of them gets the 404 page rendered by the browser', async () => {
    // Unknown addresses are as many as visitors can type and none is kept: each body would be a render.
    const counting = renderer(
      'counting',
      `export async function renderPage(page) {
        globalThis.unknownRenders = (globalThis.unknownRenders ?? 0) + 1;
        return { html: '<main>' + page.url + '</main>', state: {} };
      }`,
    );
    const renders = () => (globalThis as { unknownRenders?: number }).unknownRenders ?? 0;
    let clock = 5_000_000;
    const { pages, logger } = shopPages(counting, 1000, () => clock);

    // Addresses with a query string are sent without a body anyway: they leave this second's renders to the others.
    for (let i = 0; i < 10; i++) expect((await pages.page(`/no-such-page-${i}`, { query: true })).status).toBe(404);
    const flood = [];
    for (let i = 0; i < 40; i++) flood.push(await pages.page(i % 2 ? `/no-such-page-${i}` : `/subscription/nope-${i}`));
    expect(flood.every((page) => page.status === 404 && page.html.includes('<title>'))).toBe(true);
    const withBody = flood.filter((page) => page.html.includes('<main>'));
    expect(withBody).toHaveLength(UNKNOWN_ADDRESSES_RENDERED_PER_SECOND);
    expect(renders()).toBe(UNKNOWN_ADDRESSES_RENDERED_PER_SECOND);
    expect(flood.at(-1)!.html).toContain('<div id="root"></div>');
    // The shop's own pages are not held back by it.
    expect((await pages.page('/')).html).toContain('<main>/</main>');
    // A second later a visitor's mistyped address is rendered again; nothing was a fault to log.
    clock += 1000;
    expect((await pages.page('/en/no-such-page')).html).toContain('<main>/en/no-such-page</main>');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('sent without its body because the renderer was late, is rendered again a second later, not five', async () => {
    // Late the first time only, as a process's first render of a screen that loads its chunk.
    const warming = renderer(
      'warming',
      `let first = true;
      export async function renderPage(page) {
        if (first) { first = false; await new Promise((resolve) => setTimeout(resolve, 200)); }
        return { html: '<main>' + page.url + '</main>', state: {} };
      }`,
    );
    let clock = 1_000_000;
    const { pages } = shopPages(warming, 50, () => clock);

    expect((await pages.page('/')).html).toContain('<div id="root"></div>');
    clock += PAGE_WITHOUT_BODY_MAX_AGE_MS - 1;
    expect((await pages.page('/')).html).toContain('<div id="root"></div>');
    clock += 2;
    const rendered = await pages.page('/');
    expect(rendered.html).toContain('<main>/</main>');
    // A page with its body is kept its five seconds.
    clock += PAGE_MAX_AGE_MS - 1;
    expect(await pages.page('/')).toBe(rendered);
  });

  it('kept past its five seconds while the catalogue is the same: the same page and tag, not rendered again', async () => {
    const renders: string[] = [];
    (globalThis as { shopPagesRenders?: string[] }).shopPagesRenders = renders;
    const pricing = renderer(
      'pricing',
      `export async function renderPage(page) {
        globalThis.shopPagesRenders.push(page.url);
        // As the real renderer's answers carry when they were taken.
        return { html: '<main>' + page.plans[0].monthlyPriceCents + '</main>', state: { at: Math.random() } };
      }`,
    );
    let clock = 1_000_000;
    const { pages } = shopPages(pricing, 1000, () => clock);

    const first = await pages.page('/subscription/netflix');
    clock += PAGE_MAX_AGE_MS + 1;
    const again = await pages.page('/subscription/netflix');
    expect(again.answer.representation('br').etag).toBe(first.answer.representation('br').etag);
    expect(renders).toEqual(['/subscription/netflix']);
    // A price change is a new page, at the next look past its five seconds.
    netflix = { ...NETFLIX, monthlyPriceCents: 499 };
    clock += PAGE_MAX_AGE_MS + 1;
    expect((await pages.page('/subscription/netflix')).html).toContain('<main>499</main>');
    expect(renders).toHaveLength(2);
    netflix = NETFLIX;
  });
});
