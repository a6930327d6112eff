import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getPlanForAdmin } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_PLANS } from '../catalogue/catalogue-seed.js';
import { plansListed } from '../testing/shop-under-test.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';
import { buildWebShop } from '../testing/web-shop-build.js';
import { checkSitemap } from './sitemap-check.js';

const PUBLIC_URL = 'https://shop.example';

interface PlanShown {
  name: string;
  monthlyPriceCents: number;
  features: string[];
}

let database: TestDatabase;
let build: string;
let shop: TestShop;

beforeAll(async () => {
  database = await createTestDatabase('public_pages');
  // The shop's real build: its index.html, the texts of its pages (public-pages.json), its server renderer.
  build = mkdtempSync(path.join(tmpdir(), 'public-pages-'));
  buildWebShop(build);
  shop = await startTestShop({
    databaseUrl: database.url,
    env: { WEB_SHOP_DIR: build, PUBLIC_URL },
  });
  // The whole launch catalogue projected before the first page is asked: a page written while it
  // was still filling is served for its 5 seconds as it was (the next test would read it so).
  await plansListed(shop, LAUNCH_PLANS.length);
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  rmSync(build, { recursive: true, force: true });
});

/** A page as a crawler fetches it: plain HTTP, no script run. */
async function crawl(pathname: string, accept = 'text/html') {
  const response = await fetch(`${shop.url}${pathname}`, { headers: { Accept: accept } });
  const html = await response.text();
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1];
  const alternates = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  // Greedy: the body ends at the last </div> before the answers.
  const root =
    /<div id="root">([\s\S]*)<\/div>\s*<script id="shop-state" type="application\/json">([^<]*)<\/script>/.exec(html);
  return {
    status: response.status,
    /** The body's text as a reader without script sees it, spaces made plain. */
    text: visibleText(root?.[1] ?? ''),
    /** The answers the body was rendered with (`#shop-state`), for the browser's hydration. */
    state: root?.[2] === undefined ? undefined : (JSON.parse(root[2]) as { queries: { queryKey: unknown[] }[] }),
    contentLanguage: response.headers.get('content-language'),
    html,
    lang: attribute(/<html lang="([^"]+)"/),
    title: attribute(/<title>([^<]*)<\/title>/),
    description: attribute(/<meta name="description" content="([^"]*)"/),
    canonical: attribute(/<link rel="canonical" href="([^"]+)"/),
    robots: attribute(/<meta name="robots" content="([^"]+)"/),
    og: (property: string) => attribute(new RegExp(`<meta property="${property}" content="([^"]*)"`)),
    twitter: (name: string) => attribute(new RegExp(`<meta name="${name}" content="([^"]*)"`)),
    alternates,
    jsonLd,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

function visibleText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
    .replace(/\s+/g, ' ');
}

/**
 * The page once its body is rendered. The first render of a screen in a process loads its chunk
 * and may outlast the time limit on a busy machine; the page is then sent without its body, and
 * kept so for the cache's 5 seconds.
 */
const rendered = (pathname: string) =>
  eventually(
    () => crawl(pathname),
    (read) => read.state !== undefined,
    20_000,
  );

const price = (cents: number, language: 'fr' | 'en') =>
  visibleText(
    new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(
      cents / 100,
    ),
  );

const PAGES = [
  { path: '/', fr: 'Vos abonnements premium', en: 'Your premium subscriptions' },
  { path: '/subscriptions', fr: 'Tous nos abonnements', en: 'All our subscriptions' },
  { path: '/help', fr: 'Centre d&#39;aide', en: 'Help' },
  { path: '/about', fr: 'À propos de nous', en: 'About us' },
  { path: '/terms', fr: 'Conditions générales de vente', en: 'Terms of service' },
  { path: '/cookies', fr: 'Cookies', en: 'Cookies' },
];

describe('the shop’s public pages as a crawler reads them', () => {
  it('each page in each language has its title, description, canonical address and alternates', async () => {
    for (const page of PAGES) {
      for (const language of ['fr', 'en'] as const) {
        const address = language === 'fr' ? page.path : `/en${page.path}`;
        const read = await crawl(address);
        expect([address, read.status, read.lang, read.contentLanguage]).toEqual([address, 200, language, language]);
        expect(read.title, address).toContain(page[language]);
        expect(read.title, address).toMatch(/ · PremiumShare$/);
        expect(read.description?.length, address).toBeGreaterThan(20);
        expect(read.canonical, address).toBe(`${PUBLIC_URL}${address}`);
        expect(read.alternates, address).toEqual({
          fr: `${PUBLIC_URL}${page.path}`,
          en: `${PUBLIC_URL}/en${page.path}`,
          'x-default': `${PUBLIC_URL}${page.path}`,
        });
        expect(read.og('og:title'), address).toBe(read.title);
        expect(read.og('og:url'), address).toBe(read.canonical);
        expect(read.og('og:locale'), address).toBe(language === 'fr' ? 'fr_FR' : 'en_GB');
        // Link previews take no SVG: every page shows a PNG of the size they ask for, in large.
        expect(read.og('og:image'), address).toBe(`${PUBLIC_URL}/og/shop.png`);
        // Its size and type, so a preview is drawn before the picture is fetched, and words for who cannot see it.
        expect(
          ['og:image:type', 'og:image:width', 'og:image:height', 'og:image:alt'].map((tag) => read.og(tag)),
          address,
        ).toEqual(['image/png', '1200', '630', 'PremiumShare']);
        expect(read.twitter('twitter:image:alt'), address).toBe('PremiumShare');
        expect(read.twitter('twitter:card'), address).toBe('summary_large_image');
        expect(read.robots, address).toBeUndefined();
      }
    }
    // Both forms of the English home are the one page.
    expect((await crawl('/en')).canonical).toBe(`${PUBLIC_URL}/en/`);
    const picture = await fetch(`${shop.url}/og/shop.png`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    const png = Buffer.from(await picture.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // Each first page of a screen is rendered in this process, its chunk loaded: seconds each on a busy machine.
  }, 180_000);

  it('each page arrives with its content, and the answers it was rendered with for the browser', async () => {
    const plans = {
      fr: ((await (await fetch(`${shop.url}/api/plans?lang=fr`)).json()) as { data: PlanShown[] }).data,
      en: ((await (await fetch(`${shop.url}/api/plans?lang=en`)).json()) as { data: PlanShown[] }).data,
    };
    const shows: Record<string, Record<'fr' | 'en', string[]>> = {
      '/': {
        fr: ["Vos abonnements premium, jusqu'à 70% moins cher", 'Services disponibles', 'Nos offres', 'Sophie Martin'],
        en: ['Your premium subscriptions', 'Available services', 'Our plans', 'Sophie Martin'],
      },
      '/subscriptions': { fr: ['Tous nos abonnements'], en: ['All our subscriptions'] },
      '/help': { fr: ["Centre d'aide"], en: ['Help'] },
      '/about': {
        fr: ['PremiumShare rend les abonnements premium accessibles à tous, en toute sécurité.'],
        en: ['PremiumShare makes premium subscriptions affordable for everyone, safely.'],
      },
      '/terms': {
        fr: ['Les présentes conditions générales régissent la vente'],
        en: ['These terms govern the sale, on the PremiumShare website'],
      },
      '/cookies': { fr: ['Cookies'], en: ['Cookies'] },
    };
    for (const page of PAGES) {
      for (const language of ['fr', 'en'] as const) {
        const address = language === 'fr' ? page.path : `/en${page.path}`;
        const read = await rendered(address);
        for (const text of shows[page.path]![language]) expect(read.text, address).toContain(text);
        expect(read.state?.queries.map((query) => query.queryKey)).toContainEqual(['plans', language]);
        if (page.path === '/' || page.path === '/subscriptions') {
          for (const plan of plans[language]) {
            expect(read.text, address).toContain(plan.name);
            expect(read.text, address).toContain(price(plan.monthlyPriceCents, language));
          }
        }
      }
    }

    const notFound = await rendered('/en/no-such-page');
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('The page you are looking for does not exist or has moved.');
    expect((await rendered('/no-such-page')).text).toContain("La page que vous cherchez n'existe pas");
  });

  it('a plan page without script shows the plan’s name, price, durations and features', async () => {
    for (const language of ['fr', 'en'] as const) {
      const address = language === 'fr' ? '/subscription/netflix' : '/en/subscription/netflix';
      const plan = (await (await fetch(`${shop.url}/api/plans/netflix?lang=${language}`)).json()) as PlanShown;
      const read = await rendered(address);
      expect(read.text, address).toContain(plan.name);
      expect(read.text, address).toContain(price(plan.monthlyPriceCents, language));
      for (const months of [1, 3, 12]) {
        const duration = language === 'fr' ? `${months} mois` : `${months} month${months > 1 ? 's' : ''}`;
        expect(read.text, address).toContain(`${duration} ${price(plan.monthlyPriceCents * months, language)}`);
      }
      expect(plan.features.length).toBeGreaterThan(2);
      for (const feature of plan.features) expect(read.text, address).toContain(feature);
      expect(read.state?.queries.map((query) => query.queryKey)).toContainEqual(['plan', 'netflix', language]);
    }
  });

  it('a private page is left to the browser: no body, no answers', async () => {
    for (const address of ['/profile', '/en/checkout/netflix']) {
      const read = await crawl(address);
      expect(read.html, address).toContain('<div id="root"></div>');
      expect(read.state, address).toBeUndefined();
    }
  });

  it('a plan page names the plan and its price, with schema.org Product and Offer', async () => {
    const fr = await crawl('/subscription/netflix');
    const en = await crawl('/en/subscription/netflix');
    expect(fr.status).toBe(200);
    expect(fr.title).toMatch(/^Netflix .*€.*\/mois · PremiumShare$/);
    expect(en.title).toMatch(/^Shared Netflix at €\d+\.\d\d\/month · PremiumShare$/);
    expect(fr.canonical).toBe(`${PUBLIC_URL}/subscription/netflix`);
    expect(en.alternates.fr).toBe(`${PUBLIC_URL}/subscription/netflix`);
    expect(fr.og('og:type')).toBe('product');
    // Link previews take no SVG: the plan's picture is a PNG of the size they ask for.
    expect(fr.og('og:image')).toBe(`${PUBLIC_URL}/og/plans/netflix.png`);
    expect(en.twitter('twitter:image')).toBe(`${PUBLIC_URL}/og/plans/netflix.png`);
    expect([fr.og('og:image:width'), fr.og('og:image:height')]).toEqual(['1200', '630']);
    expect(fr.og('og:image:alt')).toMatch(/^Netflix.* · PremiumShare$/);
    expect(en.twitter('twitter:image:alt')).toBe(fr.og('og:image:alt'));
    expect(en.twitter('twitter:card')).toBe('summary_large_image');
    const picture = await fetch(`${shop.url}/og/plans/netflix.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await picture.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await fetch(`${shop.url}/og/plans/no-such-plan.png`)).status).toBe(404);

    const plan = (await (await fetch(`${shop.url}/api/plans/netflix?lang=en`)).json()) as { monthlyPriceCents: number };
    for (const read of [fr, en]) {
      expect(read.jsonLd).toHaveLength(1);
      const product = read.jsonLd[0]!;
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Netflix',
        sku: 'netflix',
        image: `${PUBLIC_URL}/og/plans/netflix.png`,
        offers: {
          '@type': 'Offer',
          url: read.canonical,
          price: (plan.monthlyPriceCents / 100).toFixed(2),
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
          priceSpecification: { referenceQuantity: { value: 1, unitCode: 'MON' } },
        },
      });
      expect(product.description).toBe(read.description?.replace(/&#39;/g, "'"));
    }
  });

  it('the catalogue’s pages, heads and bodies, follow an operator’s price change within seconds', async () => {
    const before = await getPlanForAdmin(shop.runtime.knex, 'spotify');
    const cents = before!.monthlyPriceCents + 101;
    await shop.runtime.operatorCatalogue.revisePlan(
      'spotify',
      {
        monthlyPriceCents: cents,
        features: before!.features,
        popular: before!.popular,
        onSale: before!.onSale,
        version: before!.version,
      },
      { adminId: 'operator-1', correlationId: 'public-pages-price' },
    );
    const started = Date.now();
    const offer = await eventually(
      async () => ((await crawl('/subscription/spotify')).jsonLd[0]?.offers as { price: string } | undefined)?.price,
      (price) => price === (cents / 100).toFixed(2),
      15_000,
    );
    expect(offer).toBe((cents / 100).toFixed(2));
    // The pages' bodies too: the catalogue's card and the plan page show the new price.
    for (const address of ['/subscriptions', '/en/subscription/spotify']) {
      const language = address.startsWith('/en/') ? 'en' : 'fr';
      const read = await eventually(
        () => crawl(address),
        (page) => page.text.includes(price(cents, language)),
        15_000,
      );
      expect(read.text, address).toContain(price(cents, language));
    }
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('unknown addresses and plans are the 404 page, kept out of search results; private pages are not indexed', async () => {
    for (const address of ['/no-such-page', '/en/no-such-page', '/subscription/no-such-plan']) {
      const read = await crawl(address);
      expect([address, read.status, read.robots]).toEqual([address, 404, 'noindex']);
      expect(read.canonical).toBeUndefined();
    }
    expect((await crawl('/no-such-page')).title).toBe('Page introuvable · PremiumShare');
    expect((await crawl('/en/no-such-page')).title).toBe('Page not found · PremiumShare');
    for (const address of ['/auth', '/en/checkout/netflix', '/profile', '/payment-success']) {
      const read = await crawl(address);
      expect([address, read.status, read.robots, read.canonical]).toEqual([address, 200, 'noindex', undefined]);
      // Named by the brand until the page's script names it; not "PremiumShare · PremiumShare".
      expect(read.title, address).toBe('PremiumShare');
    }
    // A link preview asking for anything still gets the page; a missing script is not a page.
    expect((await crawl('/subscription/netflix', '*/*')).jsonLd).toHaveLength(1);
    expect((await crawl('/assets/gone-000000.js', '*/*')).status).toBe(404);
  });

  it('one address per page: the build’s index.html and /en lead to the canonical address, query kept', async () => {
    for (const [asked, canonical] of [
      ['/index.html', '/'],
      ['/index.html?ref=mail', '/?ref=mail'],
      ['/en', '/en/'],
      ['/en?ref=mail', '/en/?ref=mail'],
      ['/en/index.html', '/en/'],
    ] as const) {
      const response = await fetch(`${shop.url}${asked}`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
      expect([asked, response.status, response.headers.get('location')]).toEqual([asked, 301, canonical]);
    }
    expect((await crawl('/en/')).canonical).toBe(`${PUBLIC_URL}/en/`);
  });

  it('robots.txt allows the public pages, keeps out the back-office, API, account, checkout and payment pages, names the sitemap', async () => {
    const response = await fetch(`${shop.url}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const prefix of [
      '/admin',
      '/api',
      '/auth',
      '/en/auth',
      '/checkout/',
      '/en/checkout/',
      '/payment-success',
      '/profile',
      '/invoices',
    ]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    for (const line of lines.filter((l) => l.startsWith('Disallow: '))) {
      const prefix = line.slice('Disallow: '.length);
      for (const open of ['/', '/subscription/netflix', '/en/', '/terms', '/subscriptions'])
        expect(open.startsWith(prefix), line).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the sitemap lists every public page in both languages with its alternates, and keeps to the sitemaps.org schema', async () => {
    const response = await fetch(`${shop.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const urls = checkSitemap(await response.text());
    const locs = urls.map((url) => url.loc);
    const plans = ((await (await fetch(`${shop.url}/api/plans`)).json()) as { data: { id: string }[] }).data;
    expect(plans.length).toBeGreaterThan(2);
    for (const pathname of [
      '/',
      '/subscriptions',
      '/help',
      '/terms',
      '/privacy',
      ...plans.map((p) => `/subscription/${p.id}`),
    ]) {
      expect(locs).toContain(`${PUBLIC_URL}${pathname}`);
      expect(locs).toContain(`${PUBLIC_URL}/en${pathname}`);
    }
    expect(locs.filter((loc) => /\/(auth|checkout|profile|admin|api)\b/.test(loc))).toEqual([]);
    expect(new Set(locs).size).toBe(locs.length);
    const netflix = urls.find((url) => url.loc === `${PUBLIC_URL}/en/subscription/netflix`)!;
    expect(netflix.alternates).toEqual({
      fr: `${PUBLIC_URL}/subscription/netflix`,
      en: `${PUBLIC_URL}/en/subscription/netflix`,
      'x-default': `${PUBLIC_URL}/subscription/netflix`,
    });
    // A plan's page says when the plan last changed (a price revised moves it); the other pages, nothing.
    for (const id of ['netflix', 'spotify']) {
      const plan = await getPlanForAdmin(shop.runtime.knex, id);
      for (const loc of [`${PUBLIC_URL}/subscription/${id}`, `${PUBLIC_URL}/en/subscription/${id}`]) {
        expect(urls.find((url) => url.loc === loc)?.lastmod, loc).toBe(plan!.updatedAt);
      }
    }
    expect(urls.filter((url) => !url.loc.includes('/subscription/') && url.lastmod !== undefined)).toEqual([]);
    // Each page a crawler finds there is a page, in the language its address says.
    const read = await crawl(new URL(netflix.loc).pathname);
    expect([read.status, read.lang, read.canonical]).toEqual([200, 'en', netflix.loc]);
  });

  it('sends the build’s hashed files cached for a year, Brotli-compressed where the client accepts it', async () => {
    const html = (await crawl('/')).html;
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await fetch(`${shop.url}${script}`, { headers: { 'Accept-Encoding': accept } });
      expect([accept, response.status, response.headers.get('content-encoding')]).toEqual([accept, 200, encoding]);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // The page itself is asked again on each visit, so a new deployment's files are found at once.
    const page = await fetch(`${shop.url}/`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('tags each encoding of a page with its own strong tag, and a revisit with it costs no bytes', async () => {
    const ask = (pathname: string, headers: Record<string, string>) =>
      fetch(`${shop.url}${pathname}`, { headers: { Accept: 'text/html', ...headers } });
    // A process's first page may leave before the renderer has warmed up: asked until it has its body.
    const { plain, html } = await eventually(
      async () => {
        const plain = await ask('/', { 'Accept-Encoding': 'identity' });
        return { plain, html: await plain.text() };
      },
      ({ html }) => html.includes('shop-state'),
    );
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(html)));
    const tags = [plain.headers.get('etag')];
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const page = await ask('/', { 'Accept-Encoding': accept });
      expect([accept, page.status, page.headers.get('content-encoding')]).toEqual([accept, 200, encoding]);
      expect(page.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(await page.text()).toBe(html);
      tags.push(page.headers.get('etag'));
    }
    // The client's weights count, Brotli first between equals; an encoding the page is not kept in
    // (deflate) leaves it plain, under the plain page's tag, not compressed again on the way out.
    for (const [accept, encoding, tag] of [
      ['gzip, br;q=0.5', 'gzip', tags[2]],
      ['br;q=0, gzip;q=0.8', 'gzip', tags[2]],
      ['*', 'br', tags[1]],
      ['deflate', null, tags[0]],
      ['br;q=0, gzip;q=0', null, tags[0]],
    ] as const) {
      const page = await ask('/', { 'Accept-Encoding': accept });
      expect([accept, page.headers.get('content-encoding'), page.headers.get('etag')]).toEqual([accept, encoding, tag]);
      expect(await page.text()).toBe(html);
    }
    // Strong tags (no W/), one per representation, the same on the next visit.
    expect(tags.every((tag) => /^"[\w-]+"$/.test(tag ?? ''))).toBe(true);
    expect(new Set(tags).size).toBe(3);
    const again = await ask('/', { 'Accept-Encoding': 'br', 'If-None-Match': tags[1]! });
    expect([again.status, await again.text()]).toEqual([304, '']);
    expect(again.headers.get('etag')).toBe(tags[1]);
    // Another representation's tag is not this one's.
    expect((await ask('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': tags[1]! })).status).toBe(200);
    // An unknown address stays a 404, whatever tag the request names.
    const missing = await ask('/no-such-page', { 'Accept-Encoding': 'gzip' });
    await missing.text();
    const missingAgain = await ask('/no-such-page', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': missing.headers.get('etag') ?? '*',
    });
    expect([missing.status, missingAgain.status]).toEqual([404, 404]);
  });

  it('the checker refuses what the sitemaps.org schema refuses', () => {
    const ok = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>`;
    expect(checkSitemap(ok)).toHaveLength(1);
    expect(() => checkSitemap(ok.replace('sitemap/0.9', 'sitemap/0.8'))).toThrow(/namespace/);
    expect(() => checkSitemap(ok.replace('<loc>https://a.example/</loc>', ''))).toThrow(/loc/);
    expect(() => checkSitemap(ok.replace('https://a.example/', '/a/relative/address'))).toThrow(/absolute/);
    expect(() => checkSitemap(ok.replace('https://a.example/', 'https://a.example/?a=1&b=2'))).toThrow(/&/);
    expect(() => checkSitemap(ok.replace('</url>', '<priority>2</priority></url>'))).toThrow(/priority/);
    expect(() => checkSitemap(ok.replace('</url>', '<color>red</color></url>'))).toThrow(/color/);
    expect(() => checkSitemap(ok.replace('</urlset>', ''))).toThrow();
  });
});
