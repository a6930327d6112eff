import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPayssionStandIn,
  type PayssionStandIn,
} from '../../services/app/src/payments/testing/payssion-stand-in.js';
import {
  askForAccessNow,
  checkoutWithMonths,
  firstSubscriptionOnceActive,
  screenshot,
  signUpAndIn,
  startE2eShop,
  type E2eShop,
} from './e2e-shop.js';

let payssion: PayssionStandIn;
let e2e: E2eShop;

beforeAll(async () => {
  // Payssion's page notifies the shop at its PUBLIC_URL and sends the browser back there.
  payssion = await startPayssionStandIn();
  e2e = await startE2eShop('e2e_payssion', {
    PAYSSION_API_KEY: payssion.apiKey,
    PAYSSION_SECRET_KEY: payssion.secretKey,
    PAYSSION_PM_ID: payssion.pmId,
    PAYSSION_API_URL: payssion.url,
  });
});

afterAll(async () => {
  await e2e?.stop();
  await payssion?.close();
});

describe('paying with Payssion in the browser', () => {
  it('pays with Payssion through the stand-in end to end', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await checkoutWithMonths(page, 'netflix', 3);
    const payWithPayssion = page.getByRole('button', { name: /^Payer avec Payssion 13,59\s€$/ });
    await payWithPayssion.waitFor();
    await askForAccessNow(page);
    await screenshot(page, 'payssion-checkout');
    await payWithPayssion.click();

    // Payssion's page, at the redirect_url Payssion answered.
    await page.waitForURL(`${payssion.url}/pay/**`);
    await page.getByText('13.59 EUR').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
    await screenshot(page, 'payssion-payment-success');
    const orderId = new URL(page.url()).searchParams.get('session_id')!;
    expect(payssion.byOrder(orderId)).toMatchObject({ state: 'completed', amount: '13.59', currency: 'EUR' });

    // The profile reads the projected subscriptions, which may trail the payment by a moment.
    const subscription = await firstSubscriptionOnceActive(page);
    expect(await subscription.innerText()).toContain('Netflix');
  });

  it('names the Payssion button in English too', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    await page.evaluate(`window.localStorage.setItem('shop.language', 'en')`);
    await page.goto('/checkout/spotify');
    await page.getByRole('button', { name: /^Pay with Payssion / }).waitFor();
  });
});
