import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askForAccessNow,
  DESKTOP,
  fitsWidth,
  MOBILE,
  profileShows,
  screenshot,
  signUpAndIn,
  startE2eShop,
  type E2eShop,
} from './e2e-shop.js';

let e2e: E2eShop;

beforeAll(async () => {
  // The sandbox sends the browser back to the shop's own address, which the harness fixes in advance.
  e2e = await startE2eShop('e2e_subscription_lifecycle');
});

afterAll(async () => {
  await e2e?.stop();
});

/** What the customer reads and presses, in each language. */
const WORDS = {
  fr: {
    locale: 'fr-FR',
    pay: /^Payer/,
    paid: 'Paiement confirmé avec succès!',
    renewed: 'Renouvellement confirmé !',
    access: 'Accéder',
    renew: 'Renouveler',
    threeMonths: /3 mois/,
    expires: (date: string) => `Expire le ${date}`,
    manual: (date: string) => `Renouvellement manuel — renouvelez avant le ${date}`,
    refund: 'Demander un remboursement',
    reason: /^Raison de la demande/,
    send: 'Envoyer la demande',
    refundRequested: 'Remboursement demandé le',
    cancel: 'Résilier',
    confirmCancel: 'Confirmer la résiliation',
    cancelled: (date: string) => `Résilié — accès jusqu'au ${date}`,
    cancelDone: (date: string) => `Abonnement résilié : vous gardez l'accès jusqu'au ${date}.`,
  },
  en: {
    locale: 'en-GB',
    pay: /^Pay/,
    paid: 'Payment confirmed successfully!',
    renewed: 'Renewal confirmed!',
    access: 'Access',
    renew: 'Renew',
    threeMonths: /3 months/,
    expires: (date: string) => `Expires on ${date}`,
    manual: (date: string) => `Manual renewal — renew before ${date}`,
    refund: 'Request a refund',
    reason: /^Reason for the request/,
    send: 'Send the request',
    refundRequested: 'Refund requested on',
    cancel: 'Cancel',
    confirmCancel: 'Confirm cancellation',
    cancelled: (date: string) => `Cancelled — access until ${date}`,
    cancelDone: (date: string) => `Subscription cancelled: you keep access until ${date}.`,
  },
} as const;

/** Calendar months in UTC, clamped to the end of the target month, as the shop moves an expiry. */
function addMonthsUtc(iso: string, months: number): Date {
  const start = new Date(iso);
  const target = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1, start.getUTCHours(), start.getUTCMinutes()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}

/** The customer's only subscription as the API lists it. */
async function mySubscription(page: Page): Promise<{ id: string; expiresAt: string | null; status: string }> {
  const list = (await (await page.request.get('/api/me/subscriptions')).json()) as {
    data: { id: string; expiresAt: string | null; status: string }[];
  };
  return list.data[0]!;
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `/tmp/lifecycle-${name}.png`, fullPage }).then(() => screenshot(page, `lifecycle-${name}`));

async function lifecycle(language: 'fr' | 'en', viewport: { width: number; height: number }) {
  const words = WORDS[language];
  const day = (date: Date | string) =>
    new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
  // Signed up on the desktop layout, whose header shows the profile link the helper waits for.
  const page = await e2e.openPage('/auth', DESKTOP);
  await signUpAndIn(page);
  await page.evaluate(`window.localStorage.setItem('shop.language', '${language}')`);
  await page.setViewportSize(viewport);

  // Orders one month of Netflix and pays it on the sandbox.
  await page.goto('/checkout/netflix?months=1');
  await askForAccessNow(page);
  await page.getByRole('button', { name: words.pay }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: words.pay }).first().click();
  await page.getByRole('heading', { name: words.paid }).waitFor();
  const bought = await profileShows(page, words.access);
  const { expiresAt } = await mySubscription(page);
  expect(expiresAt).not.toBeNull();
  await profileShows(page, words.manual(day(expiresAt!)));
  await shot(page, `${language}-1-profile`, true);
  await fitsWidth(page, viewport.width);

  // Renews it for 3 months: the total, the payment on the sandbox, the new expiry on the profile.
  await bought.getByRole('button', { name: words.renew, exact: true }).click();
  const renewal = page.getByRole('dialog');
  await renewal.getByRole('radio', { name: words.threeMonths }).check();
  await expect.poll(() => renewal.getByTestId('renew-total').textContent()).toMatch(/13[,.]59/);
  await shot(page, `${language}-2-renew-dialog`);
  await renewal.getByRole('button', { name: words.pay }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await shot(page, `${language}-3-sandbox`);
  await page.getByRole('button', { name: words.pay }).first().click();
  await page.getByRole('heading', { name: words.renewed }).waitFor();
  await shot(page, `${language}-4-renewed`);
  const renewedUntil = day(addMonthsUtc(expiresAt!, 3));
  const renewed = await profileShows(page, words.expires(renewedUntil));
  await shot(page, `${language}-5-profile-renewed`, true);

  // Asks for a refund within the 7 days.
  await renewed.getByRole('button', { name: words.refund }).click();
  const refund = page.getByRole('dialog');
  await refund.getByRole('textbox', { name: words.reason }).fill('Le service ne me convient pas');
  await shot(page, `${language}-6-refund-dialog`);
  await refund.getByRole('button', { name: words.send }).click();
  await renewed.getByText(words.refundRequested).waitFor();

  // Cancels it in three clicks at most: Cancel, (a reason may be given), Confirm.
  await renewed.getByRole('button', { name: words.cancel, exact: true }).click();
  const cancel = page.getByRole('dialog');
  await cancel.getByText(renewedUntil).waitFor();
  await shot(page, `${language}-7-cancel-dialog`);
  await cancel.getByRole('button', { name: words.confirmCancel }).click();
  await page.getByText(words.cancelDone(renewedUntil)).waitFor();
  await renewed.getByText(words.cancelled(renewedUntil)).waitFor();
  expect(await renewed.getByRole('button', { name: words.cancel, exact: true }).count()).toBe(0);
  await shot(page, `${language}-8-cancelled`, true);
  await fitsWidth(page, viewport.width);
  expect((await mySubscription(page)).status).toBe('active');
}

describe('a subscription’s life from the profile', () => {
  it('in French at 1440 px: pays, renews for 3 months on the sandbox, asks for a refund and cancels', async () => {
    await lifecycle('fr', DESKTOP);
  });

  it('in English at 375 px: pays, renews for 3 months on the sandbox, asks for a refund and cancels', async () => {
    await lifecycle('en', MOBILE);
  });
});
