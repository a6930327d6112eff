import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, startE2eShop, type E2eShop } from './e2e-shop.js';

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_language_addresses');
});

afterAll(async () => {
  await e2e?.stop();
});

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function toggle(page: Page, from: 'Langue' | 'Language', to: 'English' | 'Français'): Promise<void> {
  await page.getByRole('banner').getByRole('group', { name: from }).getByRole('button', { name: to }).click();
  await expect.poll(() => htmlLang(page)).toBe(to === 'English' ? 'en' : 'fr');
}

describe('one address per language', () => {
  it('the language switch moves between /subscription/netflix and /en/subscription/netflix, and back and forward follow', async () => {
    const page = await e2e.openPage('/subscription/netflix');
    await page.getByRole('heading', { name: 'Ce qui est inclus' }).waitFor();
    await toggle(page, 'Langue', 'English');
    expect(pathOf(page)).toBe('/en/subscription/netflix');
    await page.getByRole('heading', { name: 'What is included' }).waitFor();

    // Links inside the English shop stay under /en/.
    await page.getByRole('banner').getByRole('link', { name: 'Subscriptions' }).first().click();
    await page.waitForURL('**/en/subscriptions');
    await page.getByRole('heading', { level: 1, name: 'All our subscriptions' }).waitFor();

    await toggle(page, 'Language', 'Français');
    expect(pathOf(page)).toBe('/subscriptions');
    await page.getByRole('heading', { level: 1, name: 'Tous nos abonnements' }).waitFor();

    await page.goBack();
    await page.waitForURL('**/en/subscriptions');
    await expect.poll(() => htmlLang(page)).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'All our subscriptions' }).waitFor();
  });

  it('a French address stays French for a visitor who chose English; the English one is English for anyone', async () => {
    const page = await e2e.openPage('/', MOBILE);
    await page.evaluate("window.localStorage.setItem('shop.language', 'en')");
    await page.goto('/subscription/spotify');
    await page.getByRole('heading', { name: 'Ce qui est inclus' }).waitFor();
    expect([pathOf(page), await htmlLang(page)]).toEqual(['/subscription/spotify', 'fr']);

    const fresh = await e2e.openPage('/en/subscription/spotify', MOBILE);
    await fresh.getByRole('heading', { name: 'What is included' }).waitFor();
    expect(await htmlLang(fresh)).toBe('en');
    const english = await e2e.openPage('/en', MOBILE);
    await english.getByRole('heading', { name: 'Our plans' }).waitFor();
  });

  it('a private page opened without prefix takes the visitor’s chosen language, under /en/', async () => {
    const page = await e2e.openPage('/auth');
    await page
      .getByRole('tab', { name: 'Connexion' })
      .or(page.getByRole('heading', { level: 1 }))
      .first()
      .waitFor();
    expect(await htmlLang(page)).toBe('fr');
    await page.evaluate("window.localStorage.setItem('shop.language', 'en')");
    await page.goto('/auth?redirect=%2Fprofile');
    await page.waitForURL('**/en/auth?redirect=%2Fprofile');
    expect(await htmlLang(page)).toBe('en');
  });
});
