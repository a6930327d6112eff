import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { gotoShop, operatorPage, screenshot, signUpAndIn, startE2eShop, type E2eShop } from './e2e-shop.js';

const OPERATOR = { name: 'Olivia Offre', email: 'offer-operator@premium-share.example', password: 'offre-gratuite-12' };
let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_free_offer', { ADMIN_EMAILS: OPERATOR.email });
});

afterAll(async () => {
  await e2e?.stop();
});

/** Waits until /profile lists a Netflix subscription as active (the list is built from the log a moment later). */
async function profileShowsNetflix(page: Page): Promise<void> {
  await page.waitForURL(/\/profile$/);
  const subscription = page.getByTestId('profile-subscription').first();
  await subscription.waitFor();
  expect(await subscription.innerText()).toContain('Netflix');
  expect(await page.getByTestId('profile-active').textContent()).toBe('1');
}

describe('the free offer in the browser', () => {
  it('the operator sets it on its back-office screen in French', async () => {
    const { page } = await operatorPage(e2e, OPERATOR);
    await eventually(
      async () => (await page.request.get('/api/admin/free-offer')).status(),
      (status) => status === 200,
    );
    await page.goto('/admin/free-offer');
    await page.getByText('Désactivée').waitFor();
    await page.getByRole('combobox', { name: 'Plan offert' }).click();
    await page.getByRole('option', { name: 'Netflix' }).click();
    expect(await page.getByLabel('Durée (mois)').inputValue()).toBe('12');
    await page.getByLabel('Nombre de places').fill('5');
    await page.getByLabel('Offre active (affichée dans la boutique)').check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Offre gratuite enregistrée').waitFor();
    await page.getByText('5 places restantes').waitFor();
    await page.getByText('En cours').waitFor();
    await screenshot(page, 'free-offer-operator-fr');
    const saved = await (await page.request.get('/api/admin/free-offer')).json();
    expect(saved).toEqual({ planId: 'netflix', months: 12, places: 5, active: true, claimed: 0, placesLeft: 5 });
  });

  it('a customer claims it from the home page in French with one click; afterwards it leads to their subscription', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await gotoShop(page, '/');
    const offer = page.getByRole('region', { name: 'Accès illimité pendant 12 mois' });
    await offer.getByText('GRATUIT', { exact: true }).waitFor();
    await offer.getByText(/Netflix offert/).waitFor();
    await offer.getByText(/plus que 5 places/).waitFor();
    await screenshot(page, 'free-offer-home-fr');
    await offer.getByRole('button', { name: 'Obtenir GRATUITEMENT' }).click();
    await profileShowsNetflix(page);
    await screenshot(page, 'free-offer-profile-fr');

    // Back home, the offer says she has it and leads to her subscription instead of a second claim.
    await gotoShop(page, '/');
    await offer.getByText(/plus que 4 places/).waitFor();
    await offer.getByText("Vous l'avez déjà obtenue : il est dans votre profil").waitFor();
    expect(await offer.getByRole('button', { name: 'Obtenir GRATUITEMENT' }).count()).toBe(0);
    await screenshot(page, 'free-offer-already-claimed-fr');
    await offer.getByRole('link', { name: 'Voir mon abonnement' }).click();
    await page.waitForURL(/\/profile$/);
  });

  it("a visitor in English is sent to sign in, comes back and gets it; the plan's page shows it too", async () => {
    const email = `free-en-${Date.now()}@example.com`;
    const password = 'unlimited-access';
    const signUp = await fetch(`${e2e.shop.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, fullName: 'Ethan Free' }),
    });
    expect(signUp.status).toBe(201);
    // English has its own addresses, under /en/.
    const page = await e2e.openPage('/en/');
    const offer = page.getByRole('region', { name: '12 months of unlimited access' });
    await offer.getByText('FREE', { exact: true }).waitFor();
    await offer.getByText(/only 4 places left/).waitFor();
    await screenshot(page, 'free-offer-home-en');
    await offer.getByRole('button', { name: 'Get it FREE' }).click();
    await page.waitForURL(/\/auth\?redirect=/);
    await page.getByLabel('Email').fill(email);
    await page.locator('#field-password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await profileShowsNetflix(page);
    await screenshot(page, 'free-offer-profile-en');
    const shop = await (await fetch(`${e2e.shop.url}/api/free-offer`)).json();
    expect(shop).toMatchObject({ planId: 'netflix', months: 12, placesLeft: 3 });

    // The plan's own page shows it too; another plan's page does not.
    await gotoShop(page, '/en/subscription/netflix');
    await page
      .getByRole('region', { name: '12 months of unlimited access' })
      .getByText(/only 3 places left/)
      .waitFor();
    await screenshot(page, 'free-offer-plan-page-en');
    await gotoShop(page, '/en/subscription/spotify');
    await page.getByRole('heading', { name: 'Spotify Premium' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: '12 months of unlimited access' }).count()).toBe(0);
  });
});
