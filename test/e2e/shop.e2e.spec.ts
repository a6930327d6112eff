import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, screenshot, startE2eShop, type E2eShop } from './e2e-shop.js';

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_shop');
});

afterAll(async () => {
  await e2e?.stop();
});

const openPage = (path: string, viewport?: { width: number; height: number }) => e2e.openPage(path, viewport);

/** The language the shop reflects on `<html lang>`. */
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

const planCards = (page: Page) => page.getByRole('main').getByRole('article');

async function plansShown(page: Page, count: number): Promise<void> {
  await planCards(page).first().waitFor();
  await expect.poll(() => planCards(page).count()).toBe(count);
}

async function switchLanguage(page: Page, from: 'Langue' | 'Language', to: 'English' | 'Français'): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('group', { name: from }).getByRole('button', { name: to });
  await toggle.click();
  await expect.poll(() => htmlLang(page)).toBe(to === 'English' ? 'en' : 'fr');
}

describe('the shop in a browser', () => {
  it('shows the five plans in French by default, Netflix at 4,53 € with the POPULAIRE badge', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    expect(await htmlLang(page)).toBe('fr');
    const netflix = page.getByRole('article', { name: 'Netflix' });
    await netflix.getByText('4,53 €').waitFor();
    await netflix.getByText('POPULAIRE').waitFor();
    await netflix.getByText('Qualité Ultra HD 4K').waitFor();
    await page.getByRole('heading', { name: 'Nos offres' }).waitFor();
    await screenshot(page, 'home-fr');
  });

  it('switches to English with the header toggle, and remembers it after a reload', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await switchLanguage(page, 'Langue', 'English');
    const netflix = page.getByRole('article', { name: 'Netflix' });
    await netflix.getByText('€4.53').waitFor();
    await netflix.getByText('POPULAR', { exact: true }).waitFor();
    // The features come from the API in the new language.
    await netflix.getByText('Ultra HD 4K quality').waitFor();
    await page.getByRole('heading', { name: 'Our plans' }).waitFor();
    await screenshot(page, 'home-en');

    await page.reload();
    await plansShown(page, 5);
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('article', { name: 'Netflix' }).getByText('€4.53').waitFor();
    await page.getByRole('article', { name: 'Netflix' }).getByText('Ultra HD 4K quality').waitFor();
    await screenshot(page, 'home-en-after-reload');
  });

  it('filters by category: Musique / Music leaves only Spotify', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name: 'Musique' }).click();
    await plansShown(page, 1);
    await page.getByRole('article', { name: 'Spotify Premium' }).waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBe('Music');
    await screenshot(page, 'filter-music-fr');

    await switchLanguage(page, 'Langue', 'English');
    const music = page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Music' });
    expect(await music.getAttribute('aria-pressed')).toBe('true');
    await plansShown(page, 1);
    await page.getByRole('article', { name: 'Spotify Premium' }).getByText('Over 70 million tracks').waitFor();
  });

  it("leads from a plan's 'Voir plus de détails' to /subscription/netflix", async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await page.getByRole('link', { name: 'Voir plus de détails sur Netflix' }).click();
    await page.waitForURL('**/subscription/netflix');
    await page.getByRole('heading', { level: 1, name: 'Netflix' }).waitFor();
    await page.getByRole('heading', { name: 'Ce qui est inclus' }).waitFor();
    await page.getByRole('main').getByText('4,53 €').waitFor();
    await page.getByRole('link', { name: 'Acheter maintenant' }).waitFor();
    await screenshot(page, 'subscription-netflix');
  });

  it('shows the 404 page on an unknown path, whose back-home button works', async () => {
    const page = await openPage('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await plansShown(page, 5);
  });

  it('opens the mobile menu drawer at 375 px', async () => {
    const page = await openPage('/', MOBILE);
    await plansShown(page, 5);
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    const closeButton = page.getByRole('button', { name: 'Fermer le menu' });
    await closeButton.waitFor();
    // The drawer slides in from the right: wait until it has stopped, whole, inside the 375 px viewport.
    let lastX: number | undefined;
    await expect
      .poll(async () => {
        const box = await closeButton.boundingBox();
        const settled = box !== null && box.x === lastX && box.x >= 0 && box.x + box.width <= MOBILE.width;
        lastX = box?.x;
        return settled;
      })
      .toBe(true);
    const drawerNav = page.getByRole('navigation', { name: 'Navigation principale' });
    await drawerNav.getByRole('link', { name: 'Abonnements' }).waitFor();
    await page.getByRole('group', { name: 'Langue' }).waitFor();
    // The drawer is fixed to the viewport: a full-page capture would bury it at the top of a long image.
    await screenshot(page, 'mobile-menu', false);
    await drawerNav.getByRole('link', { name: 'Abonnements' }).click();
    await page.waitForURL('**/subscriptions');
    await closeButton.waitFor({ state: 'detached' });
  });

  it("shows 'Subscription not found' for /subscription/unknown", async () => {
    const page = await openPage('/subscription/unknown');
    await page.getByRole('heading', { level: 1, name: 'Subscription not found' }).waitFor();
    await page.getByText("Cette offre n'existe pas ou n'est plus proposée.").waitFor();
    await screenshot(page, 'subscription-not-found');
  });
});
