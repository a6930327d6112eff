import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signUpAndIn, startE2eShop, type E2eShop } from './e2e-shop.js';

const ADMIN_EMAIL = 'operator@premium-share.example';
let e2e: E2eShop;

beforeAll(async () => {
  // The sandbox sends the browser back to the shop's own address, which the harness fixes in advance.
  e2e = await startE2eShop('e2e_journey', { ADMIN_EMAILS: ADMIN_EMAIL });
});

afterAll(async () => {
  await e2e?.stop();
});

describe('the customer journey in the browser', () => {
  it('signs up, signs in, orders 3 months with the promo code, pays on the sandbox and sees the active subscription', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    // The purchase dialog's choice arrives as ?months=3 and is preselected.
    await page.goto('/checkout/netflix?months=3');
    await expect.poll(() => page.getByRole('radio', { name: /3 mois/ }).isChecked()).toBe(true);
    await page.getByLabel('Code promo').fill('BIENVENUE10');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('Code valide - 10% de réduction').waitFor();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toMatch(/12,23\s€/);
    await screenshot(page, 'journey-checkout');

    await page.getByRole('button', { name: /Payer/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /Payer/ }).first().click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
    await screenshot(page, 'journey-payment-success');

    // The profile reads the projected subscriptions, which may trail the payment by a moment.
    const subscription = page.getByTestId('profile-subscription').first();
    await expect
      .poll(
        async () => {
          await page.goto('/profile');
          await subscription.waitFor();
          return page.getByTestId('profile-active').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('1');
    expect(await subscription.innerText()).toContain('Netflix');
    await screenshot(page, 'journey-profile');
  });

  it('cancels a payment on the sandbox and lands on /payment-cancelled, the order left pending', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await page.goto('/checkout/spotify');
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
    await signUpAndIn(operator, 'Camille Opérations', 'secret123', ADMIN_EMAIL);
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
});
