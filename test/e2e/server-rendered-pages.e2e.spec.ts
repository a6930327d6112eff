import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { DESKTOP, gotoShop, MOBILE, screenshot, startE2eShop, type E2eShop } from './e2e-shop.js';

/*
 * Public pages arrive rendered by the server and are hydrated by the same React code: their content
 * is in the first HTML answer, the browser takes them over without a hydration error, at a desktop's
 * width and a phone's, and they answer clicks as a page the browser rendered does.
 */

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_server_rendered_pages');
  // A process's first render of a screen loads its code and may outlast the time limit on a busy
  // machine (the page then leaves without its body, for a second): asked until rendered, as the
  // first visitors of a deployment would.
  for (const pathname of ['/', '/en/', '/subscription/netflix', '/en/subscription/netflix']) {
    await eventually(
      async () => (await fetch(`${e2e.baseUrl}${pathname}`, { headers: { Accept: 'text/html' } })).text(),
      (html) => html.includes('<script id="shop-state"'),
      30_000,
    );
  }
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

/** What React says when the server's HTML and the browser's first render differ (development and production words). */
const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|423|425)/i;

/** Spaces made plain: French prices have narrow no-break spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

/** A fresh visitor's page at `pathname`, every console error and uncaught error it reports kept; and its first HTML. */
async function visit(pathname: string, viewport: { width: number; height: number }, watchedText?: string) {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (watchedText) await page.addInitScript(watchMain(watchedText));
  const troubles: string[] = [];
  page.on('console', (message) => {
    // The browser's own line for an answer of 4xx (no free offer running, 404): not the page's.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || HYDRATION_TROUBLE.test(message.text())) {
      troubles.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => troubles.push(`uncaught: ${error.message}`));
  const response = await gotoShop(page, pathname);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script id="shop-state"/.exec(html)?.[1] ?? '';
  return { page, context, troubles, firstHtml: plain(root.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'")) };
}

/**
 * Run in the page (this test's TypeScript has no DOM library, hence a script's text): checks at
 * every frame, from the first HTML read until the watch is read, that the main region shows `text` and
 * no loader; notes the time of each frame where it did not.
 */
const watchMain = (text: string) => `(() => {
  const state = { frames: 0, missing: [] };
  window.mainWatch = state;
  const check = () => {
    const main = document.querySelector('main');
    // Once the first HTML is read: a frame painted while the browser still parses it may show part of it.
    if (main && document.readyState !== 'loading') {
      state.frames += 1;
      const shown = (main.textContent || '').includes(${JSON.stringify(text)}) && !main.querySelector('[role="status"]');
      if (!shown) state.missing.push(Math.round(performance.now()) + ' ms');
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const mainWatch = (page: Page) => page.evaluate<{ frames: number; missing: string[] }>('window.mainWatch');

/** Marks the document: still marked after a click, the click was handled by the page's script, not by a new load. */
const markDocument = (page: Page) => page.evaluate('window.sameDocument = true');
const sameDocument = (page: Page) => page.evaluate('window.sameDocument === true');

const TEXTS = {
  fr: {
    prefix: '',
    home: 'Nos offres',
    filter: 'Filtrer par catégorie',
    music: 'Musique',
    netflixPrice: '4,53 €',
    durations: ['1 mois 4,53 €', '3 mois 13,59 €', '12 mois 54,36 €'],
    feature: 'Qualité Ultra HD 4K',
  },
  en: {
    prefix: '/en',
    home: 'Our plans',
    filter: 'Filter by category',
    music: 'Music',
    netflixPrice: '€4.53',
    durations: ['1 month €4.53', '3 months €13.59', '12 months €54.36'],
    feature: 'Ultra HD 4K quality',
  },
} as const;

const SCREENS = [
  ['desktop', DESKTOP],
  ['375px', MOBILE],
] as const;

describe('server-rendered public pages in a browser', () => {
  for (const language of ['fr', 'en'] as const) {
    const texts = TEXTS[language];
    for (const [screen, viewport] of SCREENS) {
      it(`the home page in ${language} at ${screen}: content in the first HTML, no sideways scroll, hydrated without error, filters on a click`, async () => {
        const { page, context, troubles, firstHtml } = await visit(`${texts.prefix}/`, viewport);
        for (const text of [texts.home, 'Netflix', 'Spotify Premium', texts.netflixPrice, 'Sophie Martin']) {
          expect(firstHtml).toContain(text);
        }

        const cards = page.getByRole('main').getByRole('article');
        await cards.first().waitFor();
        // Nothing wider than the screen: no sideways scroll.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
        await markDocument(page);
        await page.getByRole('group', { name: texts.filter }).getByRole('button', { name: texts.music }).click();
        await expect.poll(() => cards.count()).toBe(1);
        await page.getByRole('article', { name: 'Spotify Premium' }).waitFor();
        expect(new URL(page.url()).searchParams.get('category')).toBe('Music');
        expect(await sameDocument(page)).toBe(true);
        await screenshot(page, `server-rendered-home-${language}-${screen}`, false);
        expect(troubles).toEqual([]);
        await context.close();
      });

      it(`the Netflix page in ${language} at ${screen}: name, price, durations and features in the first HTML, hydrated, links handled in the page`, async () => {
        const { page, context, troubles, firstHtml } = await visit(`${texts.prefix}/subscription/netflix`, viewport);
        for (const text of ['Netflix', texts.netflixPrice, ...texts.durations, texts.feature]) {
          expect(firstHtml).toContain(text);
        }

        await page.getByRole('heading', { level: 1, name: 'Netflix' }).waitFor();
        await screenshot(page, `server-rendered-netflix-${language}-${screen}`, false);
        await markDocument(page);
        // The logo goes home without loading a page: the router of the hydrated page took the click.
        await page.getByRole('banner').getByRole('link').first().click();
        await page.waitForURL((url) => [`${texts.prefix}/`, texts.prefix].includes(url.pathname));
        await page.getByRole('heading', { name: texts.home }).waitFor();
        expect(await sameDocument(page)).toBe(true);
        expect(troubles).toEqual([]);
        await context.close();
      });
    }

    it(`the home page in ${language} whose answers came cut short is rendered by the browser and answers clicks`, async () => {
      const context = await e2e.browser.newContext({
        baseURL: e2e.baseUrl,
        viewport: DESKTOP,
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(error.message));
      await page.route(`${e2e.baseUrl}${texts.prefix}/`, async (route) => {
        const answer = await route.fetch();
        const html = (await answer.text()).replace(
          /(<script id="shop-state" type="application\/json">)[^<]*/,
          '$1{"queries": [',
        );
        await route.fulfill({ response: answer, body: html });
      });
      await gotoShop(page, `${texts.prefix}/`);
      await page.getByRole('group', { name: texts.filter }).getByRole('button', { name: texts.music }).click();
      await expect.poll(() => page.getByRole('main').getByRole('article').count()).toBe(1);
      expect(uncaught).toEqual([]);
      await context.close();
    });

    it(`the Netflix page in ${language} stays in place while the browser takes it over: no frame without it, no loader`, async () => {
      const { page, context, troubles } = await visit(`${texts.prefix}/subscription/netflix`, MOBILE, texts.feature);
      // Taken over once the session is known and every chunk has arrived, and then some.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const watch = await mainWatch(page);
      expect(watch.frames).toBeGreaterThan(10);
      expect(watch.missing).toEqual([]);
      expect(troubles).toEqual([]);
      await context.close();
    });
  }
});
