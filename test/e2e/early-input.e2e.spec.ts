import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopInteractive, startE2eShop, type E2eShop } from './e2e-shop.js';

/*
 * A page the server rendered is shown before the shop's script has taken it over; on a phone, for
 * a second or more. What a visitor does meanwhile must not be lost. Here the shop's code is held
 * back until the test has typed and pressed, so that every action surely comes before React.
 */

let e2e: E2eShop;
const PAGES = ['/suggest-service', '/', '/support', '/affiliate'];

beforeAll(async () => {
  e2e = await startE2eShop('early_input');
  // The server's first render of a screen in a process loads that screen's code, and a page whose
  // render runs out of time is sent without its body, for the browser to render: not the case here.
  for (const path of PAGES) await fetch(`${e2e.baseUrl}${path}`, { headers: { accept: 'text/html' } });
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

/** The shop's code (src/app/index.tsx's chunk, preloaded from the page) is held until `release()`. */
async function pageWithShopCodeHeld(pathname: string) {
  const context = await e2e.browser.newContext({
    baseURL: e2e.baseUrl,
    viewport: { width: 1280, height: 900 },
    // The splash of a first visit (when motion is welcome) would cover the page meanwhile.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request);
  });
  // Not `load`: the held code is preloaded by the page, which delays its load event.
  await page.goto(pathname, { waitUntil: 'domcontentloaded' });
  await expect.poll(() => held).toBe(1);
  return { page, context, release, posts };
}

describe('what a visitor does before the page is taken over', () => {
  it('keeps the text typed and sends the form pressed, once, without the browser sending it itself', async () => {
    const { page, context, release, posts } = await pageWithShopCodeHeld('/suggest-service');
    await page.getByLabel('Service souhaité').fill('Crunchyroll Premium, pour les animés.');
    await page.getByRole('button', { name: 'Envoyer la suggestion' }).click();
    // The browser did not send the form itself (a reload with the text in the address).
    expect(new URL(page.url()).search).toBe('');

    release();
    await page.getByText('Suggestion envoyée !').waitFor();
    const sent = posts.filter((request) => new URL(request.url()).pathname === '/api/service-suggestions');
    expect(sent.map((request) => request.postDataJSON() as unknown)).toEqual([
      { suggestion: 'Crunchyroll Premium, pour les animés.' },
    ]);
    await context.close();
  });

  it('keeps the boxes ticked, with the rest of a form filled and sent before', async () => {
    const { page, context, release, posts } = await pageWithShopCodeHeld('/affiliate');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Envoyer ma candidature' }) });
    await form.getByLabel(/^Nom complet/).fill('Inès Affiliée');
    await form.getByRole('textbox', { name: 'E-mail' }).fill('ines@example.com');
    await form.getByLabel(/^Visiteurs par mois/).selectOption('1000-5000');
    const methods = form.getByRole('group', { name: /^Méthodes de promotion/ });
    await methods.getByLabel('YouTube').check();
    await methods.getByLabel('Blog').check();
    await form.getByLabel(/^Votre expérience/).fill('Un blog de séries, 3 000 lecteurs par mois.');
    await form.getByLabel(/^Votre motivation/).fill('Mes lecteurs partagent déjà leurs comptes.');
    await form.getByRole('button', { name: 'Envoyer ma candidature' }).click();

    release();
    await page.getByText('Demande envoyée !').waitFor();
    const sent = posts.filter((request) => new URL(request.url()).pathname === '/api/affiliate-requests');
    expect(sent.map((request) => request.postDataJSON() as unknown)).toEqual([
      expect.objectContaining({
        name: 'Inès Affiliée',
        email: 'ines@example.com',
        trafficVolume: '1000-5000',
        promotionMethods: ['blog', 'youtube'],
        experience: 'Un blog de séries, 3 000 lecteurs par mois.',
        motivation: 'Mes lecteurs partagent déjà leurs comptes.',
      }),
    ]);
    await context.close();
  });

  it('makes a press on a button again once the shop listens: the catalogue filtered', async () => {
    const { page, context, release } = await pageWithShopCodeHeld('/');
    const cards = page.getByRole('main').getByRole('article');
    expect(await cards.count()).toBe(5);
    await page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name: 'Musique' }).click();

    release();
    await shopInteractive(page);
    await expect.poll(() => cards.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Music');
    await context.close();
  });

  it('filters the FAQ with what was typed in its search box before', async () => {
    const { page, context, release } = await pageWithShopCodeHeld('/support');
    const faq = page.getByRole('region', { name: 'Questions fréquentes' });
    expect(await faq.getByRole('listitem').count()).toBe(4);
    await page.getByLabel('Rechercher dans la FAQ').fill('PAIEMENTS');

    release();
    await shopInteractive(page);
    await expect.poll(() => faq.getByRole('listitem').count()).toBe(1);
    expect(await page.getByLabel('Rechercher dans la FAQ').inputValue()).toBe('PAIEMENTS');
    await context.close();
  });
});
