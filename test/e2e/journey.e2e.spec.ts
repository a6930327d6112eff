import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestShop, type TestShop } from '../../services/app/src/testing/test-shop.js';
import { freePort } from '../../services/app/src/testing/free-port.js';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
let database: TestDatabase;
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  database = await createTestDatabase('e2e_journey');
  // The sandbox sends the browser back to PUBLIC_URL: it must be this shop's own address.
  const port = await freePort();
  shop = await startTestShop({
    databaseUrl: database.url,
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
  });
  await eventually(
    async () => ((await (await fetch(`${shop.url}/api/plans`)).json()) as { data?: unknown[] }).data?.length ?? 0,
    (count) => count === 5,
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await database?.drop();
});

async function signedInCustomer(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: `http://localhost:${new URL(shop.url).port}`,
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const email = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  await page.getByLabel('Email').fill(email);
  await page.locator('#field-password').fill('secret123');
  await page.getByLabel('Confirmer le mot de passe').fill('secret123');
  await page.getByLabel('Nom complet').fill('Léa Martin');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await page.getByText('Inscription réussie').waitFor();
  await page.locator('#field-password').fill('secret123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('link', { name: 'Mon profil' }).first().waitFor();
  return page;
}

describe('the customer journey in the browser', () => {
  it('signs up, signs in, orders 3 months with the promo code, pays on the sandbox and sees the active subscription', async () => {
    const page = await signedInCustomer();
    await page.goto('/checkout/netflix');
    await page.getByRole('radio', { name: /3 mois/ }).check();
    await page.getByLabel('Code promo').fill('BIENVENUE10');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Code valide - 10% de réduction').waitFor();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toMatch(/12,23\s€/);
    await page.screenshot({ path: `${SCREENSHOTS}journey-checkout.png`, fullPage: true });

    await page.getByRole('button', { name: /Payer/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /Payer/ }).first().click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}journey-payment-success.png`, fullPage: true });

    await page.goto('/profile');
    const subscription = page.getByTestId('profile-subscription').first();
    await subscription.waitFor();
    expect(await subscription.innerText()).toContain('Netflix');
    await expect.poll(() => page.getByTestId('profile-active').textContent()).toBe('1');
    await page.screenshot({ path: `${SCREENSHOTS}journey-profile.png`, fullPage: true });
    await page.context().close();
  });

  it('cancels a payment on the sandbox and lands on /payment-cancelled, the order left pending', async () => {
    const page = await signedInCustomer();
    await page.goto('/checkout/spotify');
    await page.getByRole('button', { name: /Payer/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL(/\/payment-cancelled/);
    await page.getByText('Votre paiement a été annulé. Veuillez réessayer ou contacter le support.').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}journey-payment-cancelled.png`, fullPage: true });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Finaliser le paiement' }).waitFor();
    await page.context().close();
  });
});
