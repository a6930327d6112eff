import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { freePort } from '../../services/app/src/testing/free-port.js';
import { eventually, startTestShop, type TestShop } from '../../services/app/src/testing/test-shop.js';
import { launchChromium } from './browser.js';

/** The built shop under test: `npm run build` writes web-shop/dist; WEB_SHOP_DIR points elsewhere. */
const WEB_SHOP_DIR = path.resolve(
  process.env.WEB_SHOP_DIR ?? fileURLToPath(new URL('../../web-shop/dist/', import.meta.url)),
);
/** The built back-office: `npm run build` writes admin/dist; ADMIN_DIR points elsewhere. */
export const ADMIN_DIR = path.resolve(
  process.env.ADMIN_DIR ?? fileURLToPath(new URL('../../admin/dist/', import.meta.url)),
);
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export interface E2eShop {
  shop: TestShop;
  browser: Browser;
  /** `http://localhost:<port>`: the address the shop believes it has, so provider redirects come back. */
  baseUrl: string;
  /** A fresh browser context (no stored language, no session) with one page at `path`. */
  openPage(pathname: string, viewport?: { width: number; height: number }): Promise<Page>;
  stop(): Promise<void>;
}

/**
 * The whole shop (API, projectors, jobs, built web shop and back-office) on a fresh database, at a port known
 * in advance, with the five seeded plans projected, and a headless Chromium.
 */
export async function startE2eShop(name: string, env: Record<string, string> = {}): Promise<E2eShop> {
  if (!existsSync(path.join(WEB_SHOP_DIR, 'index.html'))) {
    throw new Error(
      `The built shop is missing (${WEB_SHOP_DIR}): run \`npm run build\` first, or use \`npm run test:e2e\`, which builds it.`,
    );
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const database: TestDatabase = await createTestDatabase(name);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const shop = await startTestShop({
    databaseUrl: database.url,
    env: { PORT: String(port), PUBLIC_URL: baseUrl, WEB_SHOP_DIR, ADMIN_DIR, ...env },
  });
  await eventually(
    async () => ((await (await fetch(`${shop.url}/api/plans`)).json()) as { data?: unknown[] }).data?.length ?? 0,
    (count) => count === 5,
  );
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    shop,
    browser,
    baseUrl,
    async openPage(pathname, viewport = DESKTOP) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
      contexts.push(context);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(pathname);
      return page;
    },
    async stop() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
      await shop.stop();
      await database.drop();
    },
  };
}

/** Saves `test-results/screenshots/<name>.png` (git-ignored): the whole page unless `fullPage` is false. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Signs a new customer up and in through the /auth screen (French); answers their e-mail. */
export async function signUpAndIn(
  page: Page,
  name = 'Léa Martin',
  password = 'jardin-secret',
  email = `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
): Promise<string> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  await page.getByLabel('Email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(password);
  await page.getByLabel('Nom complet').fill(name);
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await page.getByText('Inscription réussie').waitFor();
  await page.locator('#field-password').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('link', { name: 'Mon profil' }).first().waitFor();
  return email;
}

/**
 * Pays `months` of `planId` on the sandbox as the signed-in customer and waits until /profile
 * shows it active (the profile reads the projection, which may trail the payment by a moment).
 * Leaves the page on /profile; answers the subscription's id.
 */
export async function buyOnSandbox(page: Page, planId = 'netflix', months = 1): Promise<string> {
  await page.goto(`/checkout/${planId}?months=${months}`);
  await page.getByRole('button', { name: /Payer/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /Payer/ }).first().click();
  await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
  const access = page.getByTestId('profile-subscription').first().getByRole('link', { name: 'Accéder' });
  await expect
    .poll(
      async () => {
        await page.goto('/profile');
        await page.getByTestId('profile-subscription').first().waitFor();
        return access.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return (await access.getAttribute('href'))!.split('/').at(-1)!;
}
