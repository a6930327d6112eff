import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { backOfficeDesk, DESKTOP, MOBILE, screenshot, signUpAndBuyThroughApi, type E2eShop } from './e2e-shop.js';

// The list reads the projections, which follow the log: ready once the refund request shows there.
const REFUND_REQUESTED = `/api/admin/subscriptions?filter=${encodeURIComponent('{"refundRequested":true}')}`;
const desk = backOfficeDesk('refunds', {
  read: async (page: Page) => (await (await page.request.get(REFUND_REQUESTED)).json()) as unknown[],
  accept: (rows) => Array.isArray(rows) && rows.length === 1,
});
const CLAIRE = { email: 'claire.moreau@example.com', fullName: 'Claire Moreau', password: 'a good password' };

let e2e: E2eShop;
let subscriptionId = '';

beforeAll(async () => {
  e2e = await desk.start();
  // Claire signs up, buys a month of Netflix and pays on the sandbox page (so the sandbox can refund it),
  // cancels, then asks for her money back: through the API with her own token, as the shop's
  // pages do (a page of the shop left open would refresh her session's cookies meanwhile).
  const bought = await signUpAndBuyThroughApi(e2e, CLAIRE);
  const { call } = bought;
  subscriptionId = bought.subscriptionId;
  await eventually(
    async () =>
      (await call('POST', `/api/me/subscriptions/${subscriptionId}/cancel`, { reason: 'Je déménage à l’étranger' }))
        .status,
    (status) => status === 200,
  );
  const asked = await call('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
    reason: 'Le service ne fonctionne pas sur ma télévision',
  });
  expect(asked.status).toBe(201);
});

afterAll(async () => {
  await e2e?.stop();
});

describe('a refund the customer asked for, handled in the back-office', () => {
  it('is waiting on the dashboard, flagged in the list, and refunded from its page (1440 px, French)', async () => {
    const { page } = await desk.operatorPage(DESKTOP);
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'À traiter' });
    await card.getByRole('link', { name: /Claire Moreau — Netflix/ }).waitFor();
    await screenshot(page, 'back-office-refunds-dashboard-1440');

    await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{"refundRequested":true}')}`);
    const row = page.getByRole('row', { name: /Claire Moreau/ });
    await row.getByText('Remboursement demandé').waitFor();
    await row.getByText('Résilié par le client').waitFor();
    await screenshot(page, 'back-office-refunds-list-1440');

    await page.goto('/admin');
    await card.getByRole('link', { name: /Claire Moreau — Netflix/ }).click();
    await page.waitForURL(new RegExp(`/admin/subscriptions/${subscriptionId}/show$`));
    await page.getByRole('alert', { name: 'Remboursement demandé' }).waitFor();
    const money = page.getByRole('region', { name: 'Paiements et remboursements' });
    await money.getByRole('table', { name: 'Paiements' }).waitFor();
    await screenshot(page, 'back-office-refunds-subscription-1440');

    await page.getByRole('button', { name: 'Rembourser' }).click();
    const dialog = page.getByRole('dialog', { name: /^Rembourser Netflix/ });
    const amount = dialog.getByRole('textbox', { name: /^Montant/ });
    await expect.poll(() => amount.inputValue()).toBe('4,53');
    await expect
      .poll(() => dialog.getByRole('textbox', { name: /^Motif/ }).inputValue())
      .toBe('Le service ne fonctionne pas sur ma télévision');
    await amount.fill('9');
    await dialog.getByText(/Le montant ne peut pas dépasser 4,53/).waitFor();
    await screenshot(page, 'back-office-refunds-dialog-1440', false);
    await amount.fill('2,00');
    await dialog.getByRole('button', { name: 'Rembourser' }).click();
    await page.getByText(/Remboursement de 2,00\s€ enregistré/).waitFor();
    await money.getByRole('table', { name: 'Remboursements' }).waitFor();
    await screenshot(page, 'back-office-refunds-after-1440');
  });

  it('reads on a phone, in English (375 px)', async () => {
    const { page } = await desk.operatorPage(MOBILE, 'en');
    await page.goto('/admin');
    // Refunded above: the request is answered, and the work queue counts none waiting.
    await page.getByRole('region', { name: 'To handle' }).getByText('0 refund requests').waitFor();
    await screenshot(page, 'back-office-refunds-dashboard-375');
    await page.goto(`/admin/subscriptions/${subscriptionId}/show`);
    await page.getByRole('region', { name: 'Payments and refunds' }).getByRole('table', { name: 'Payments' }).waitFor();
    await screenshot(page, 'back-office-refunds-subscription-375');
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: /^Refund Netflix/ });
    await dialog.waitFor();
    // The dialog fades in: shown once its transitions are over.
    await page.evaluate('Promise.allSettled(document.getAnimations().map((animation) => animation.finished))');
    await screenshot(page, 'back-office-refunds-dialog-375', false);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
