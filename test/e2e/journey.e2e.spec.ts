import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askForAccessNow,
  checkoutWithMonths,
  firstSubscriptionOnceActive,
  screenshot,
  signUpAndIn,
  startE2eShop,
  type E2eShop,
} from './e2e-shop.js';

const ADMIN_EMAIL = 'operator@premium-share.example';
let e2e: E2eShop;

beforeAll(async () => {
  // The sandbox sends the browser back to the shop's own address, which the harness fixes in advance.
  e2e = await startE2eShop('e2e_journey', { ADMIN_EMAILS: ADMIN_EMAIL });
});

afterAll(async () => {
  await e2e?.stop();
});

const profileFigures = (page: Page) => page.locator('dl', { has: page.getByTestId('profile-active') });

/**
 * The words of the profile figures (labels and values) that the layout cuts across two lines or
 * lets overflow their box: a word whose letters lie on more than one line, or a text wider than its box.
 * A script for the page, as this project's type check knows no DOM.
 */
const BROKEN_FIGURE_WORDS = `(() => {
  const figures = document.querySelector('[data-testid="profile-active"]').closest('dl');
  const broken = [];
  for (const element of figures.querySelectorAll('dt, dd')) {
    if (element.scrollWidth > element.clientWidth) broken.push(element.textContent + ' (overflows)');
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
})()`;

describe('the customer journey in the browser', () => {
  it('signs up, signs in, orders 3 months with the promo code, pays on the sandbox and sees the active subscription', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    // The purchase dialog's choice arrives as ?months=3 and is preselected.
    await checkoutWithMonths(page, 'netflix', 3);
    await page.getByLabel('Code promo').fill('BIENVENUE10');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Code valide - 10% de réduction').waitFor();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toMatch(/12,23\s€/);
    await screenshot(page, 'journey-checkout');

    await askForAccessNow(page);
    await page.getByRole('button', { name: /Payer/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /Payer/ }).first().click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
    await screenshot(page, 'journey-payment-success');

    // The profile reads the projected subscriptions, which may trail the payment by a moment.
    const subscription = await firstSubscriptionOnceActive(page);
    expect(await subscription.innerText()).toContain('Netflix');
    await screenshot(page, 'journey-profile');
  });

  it('keeps the basket through a change of language: duration, country, automatic renewal and promo code', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await page.goto('/en/checkout/netflix?months=1');
    await page.getByRole('radio', { name: /12 months/ }).check();
    const country = page.getByRole('combobox', { name: /^Country of residence/ });
    await country.selectOption('BE');
    await page.getByRole('checkbox', { name: /Renew automatically/ }).check();
    await page.getByLabel('Promo code').fill('BIENVENUE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByText(/10% off/)
      .first()
      .waitFor();
    const total = await page.getByTestId('checkout-total').textContent();
    expect(total).toMatch(/€48\.92/);

    await page.getByRole('button', { name: /^FR/ }).first().click();
    await page.waitForURL(/\/checkout\/netflix/);
    await page.getByRole('heading', { level: 1, name: 'Netflix' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout/netflix');
    await expect.poll(() => page.getByRole('radio', { name: /12 mois/ }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: /^Pays de résidence/ }).inputValue()).toBe('BE');
    expect(await page.getByRole('checkbox', { name: /Renouveler automatiquement/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Code promo').inputValue()).toBe('BIENVENUE10');
    // The code is checked again in French, and the total is the one the customer saw.
    await page.getByText('Code valide - 10% de réduction').waitFor();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toMatch(/48,92\s€/);
  });

  it('cancels a payment on the sandbox and lands on /payment-cancelled, the order left pending', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await page.goto('/checkout/spotify');
    await askForAccessNow(page);
    await page.getByRole('button', { name: /Payer/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL(/\/payment-cancelled/);
    await page.getByText('Votre paiement a été annulé. Veuillez réessayer ou contacter le support.').waitFor();
    await screenshot(page, 'journey-payment-cancelled');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Finaliser le paiement' }).waitFor();
  });

  it('shows the Admin button to the operator only, leading to /admin', async () => {
    const customer = await e2e.openPage('/auth');
    await signUpAndIn(customer);
    await customer.goto('/');
    await customer.getByRole('banner').getByRole('link', { name: 'Mon profil' }).waitFor();
    expect(await customer.getByRole('banner').getByRole('link', { name: 'Admin' }).count()).toBe(0);

    const operator = await e2e.openPage('/auth');
    await signUpAndIn(operator, 'Camille Opérations', 'jardin-secret', ADMIN_EMAIL);
    await operator.goto('/');
    const admin = operator.getByRole('banner').getByRole('link', { name: 'Admin' });
    await admin.waitFor();
    expect(await admin.getAttribute('href')).toBe('/admin');
    await screenshot(operator, 'header-admin', false);
  });

  it("says 'Échec de la capture du paiement' when PayPal's return cannot be captured", async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await page.goto('/payment-success?provider=paypal&token=5O190127TN364715T');
    await page.getByText('Échec de la capture du paiement').waitFor();
    await page
      .getByRole('link', { name: /profil/i })
      .first()
      .waitFor();
  });

  it('keeps every word of the profile figures whole on 375 and 320 px phones and at 600 px, in French and English', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    for (const [language, figures] of [
      ['fr', 'Vos chiffres'],
      ['en', 'Your figures'],
    ] as const) {
      await page.evaluate(`window.localStorage.setItem('shop.language', '${language}')`);
      // 600 px is where the figures turn from rows into three tiles.
      for (const width of [375, 320, 600]) {
        await page.setViewportSize({ width, height: 812 });
        await page.goto('/profile');
        await page.getByRole('definition').filter({ hasText: '98%' }).waitFor();
        await expect.poll(() => page.getByTestId('profile-active').textContent()).toBe('0');
        expect(await profileFigures(page).getAttribute('aria-label')).toBe(figures);
        await screenshot(page, `journey-profile-figures-${width}-${language}`, false);
        expect(await page.evaluate<string[]>(BROKEN_FIGURE_WORDS)).toEqual([]);
        // Nothing on the screen scrolls sideways either.
        expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  });
});
