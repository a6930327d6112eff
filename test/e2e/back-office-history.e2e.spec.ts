import type { HistoryEntry } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyOnSandbox,
  csrfTokenOf,
  DESKTOP,
  MOBILE,
  operatorPage as openOperatorPage,
  screenshot,
  signUpAndIn,
  startBackOfficeShop,
  type E2eShop,
} from './e2e-shop.js';

const OPERATOR_EMAIL = 'history.desk@premium-share.example';
/** `2026-11-26 14:03:07 +01:00`: the shop's time, with its offset, to the second. */
const SHOP_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/;
const SHOP_TIME_IN_TEXT = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}/;
const OPERATOR = { name: 'Chloé Audit', email: OPERATOR_EMAIL, password: 'jardin-secret' };

let e2e: E2eShop;
let subscriptionId = '';
let customerId = '';
/** The instant the payment was recorded, and one before the order. */
const instants = { paid: '', beforeOrder: '' };

beforeAll(async () => {
  e2e = await startBackOfficeShop('e2e_back_office_history', OPERATOR_EMAIL);
});

/** A customer's paid subscription, then suspended by the operator: made once, inside the first test that needs it. */
let made = false;
async function paidThenSuspended() {
  if (made) return;
  made = true;
  // A customer pays on the sandbox: an order, the provider's notification, the payment it caused.
  const customer = await e2e.openPage('/auth');
  await signUpAndIn(customer, 'Noé Garnier');
  subscriptionId = await buyOnSandbox(customer);
  customerId = ((await (await customer.request.get('/api/me')).json()) as { id: string }).id;
  await customer.close();

  const { page } = await openOperatorPage(e2e, OPERATOR);
  const history = (await (
    await page.request.get(`/api/admin/subscriptions/${subscriptionId}/history?sort=["position","ASC"]`)
  ).json()) as HistoryEntry[];
  const at = (type: string) => Date.parse(history.find((entry) => entry.type === type)!.recordedAt);
  // Whole seconds, as the picker holds them: just after the payment, just before the order.
  instants.paid = new Date(Math.ceil((at('PaymentConfirmed') + 1) / 1000) * 1000).toISOString();
  instants.beforeOrder = new Date(Math.floor(at('OrderPlaced') / 1000) * 1000 - 1000).toISOString();
  // Later, the operator suspends it with a reason.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const suspended = await page.request.put(`/api/admin/subscriptions/${subscriptionId}`, {
    headers: { 'X-CSRF-Token': await csrfTokenOf(page) },
    data: { status: 'suspended', reason: 'Vérification du paiement' },
  });
  expect(suspended.status()).toBe(200);
  await page.close();
}

afterAll(async () => {
  await e2e?.stop();
});

/** Types an instant into the picker, in the browser's own time zone as a person would read it. */
async function pickInstant(page: Page, label: string, iso: string) {
  const local = await page.evaluate((at) => {
    const date = new Date(at);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, iso);
  await page.getByLabel(label).fill(local);
}

describe("a subscription's history and its state as of an instant, in the back-office", () => {
  it('shows the timeline, opens an event, follows its cause and answers "État au…" in French at 1440 px', async () => {
    await paidThenSuspended();
    const { page } = await openOperatorPage(e2e, OPERATOR);
    await page.goto(`/admin/subscriptions/${subscriptionId}/show`);
    const timeline = page.getByRole('region', { name: 'Historique' });
    await timeline
      .getByText(/^Statut changé de actif à suspendu par Chloé Audit \(motif : Vérification du paiement\)$/)
      .waitFor();
    await timeline.getByText(/^Paiement confirmé par Sandbox \(paiement de test\) : 4,53\s€/).waitFor();
    await timeline.getByText('Notification reçue de Sandbox (paiement de test)', { exact: true }).waitFor();
    await timeline.getByText('Client · Noé Garnier').first().waitFor();
    // Newest first: the suspension leads.
    const entries = timeline.getByTestId('history-entry');
    expect(await entries.first().innerText()).toMatch(/Statut changé/);

    // The payment's line opens on its raw event and leads to the notification that caused it.
    const payment = entries.filter({ hasText: 'Paiement confirmé par Sandbox' });
    await payment.getByRole('button', { name: 'Voir l’événement' }).click();
    await payment
      .locator('pre')
      .getByText(/"type": "PaymentConfirmed"/)
      .waitFor();
    await payment.getByRole('button', { name: /^Cause : Notification reçue de Sandbox/ }).click();
    const notification = entries.filter({
      has: page.getByText('Notification reçue de Sandbox (paiement de test)', { exact: true }),
    });
    await expect.poll(() => notification.getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'history-subscription-fr-desktop');

    // As of just after the payment: active; before the order: it did not exist yet.
    const asOf = page.getByRole('region', { name: 'État au…' });
    await pickInstant(page, 'Date et heure', instants.paid);
    await asOf.getByRole('button', { name: 'Afficher' }).click();
    const state = asOf.getByTestId('state-as-of');
    await state.getByText('Actif', { exact: true }).waitFor();
    await state.getByText('4,53 €').waitFor();
    await screenshot(page, 'history-as-of-fr-desktop');
    await pickInstant(page, 'Date et heure', new Date().toISOString());
    await asOf.getByRole('button', { name: 'Afficher' }).click();
    await state.getByText('Suspendu', { exact: true }).waitFor();
    await pickInstant(page, 'Date et heure', instants.beforeOrder);
    await asOf.getByRole('button', { name: 'Afficher' }).click();
    await asOf.getByText('Cet abonnement n’existait pas encore à cette date.').waitFor();
    await page.close();
  });

  it('reads in English at 1440 px and fits a 375 px phone, on the subscription and the customer pages', async () => {
    await paidThenSuspended();
    const { page } = await openOperatorPage(e2e, OPERATOR, DESKTOP, 'en');
    await page.goto(`/admin/subscriptions/${subscriptionId}/show`);
    const timeline = page.getByRole('region', { name: 'History' });
    await timeline
      .getByText('Status changed from active to suspended by Chloé Audit (reason: Vérification du paiement)')
      .waitFor();
    await timeline.getByText(/^Payment confirmed by Sandbox \(test payment\): €4\.53/).waitFor();
    await timeline.getByRole('button', { name: 'Oldest first' }).click();
    await expect.poll(async () => timeline.getByTestId('history-entry').first().innerText()).toMatch(/Account created/);
    const asOf = page.getByRole('region', { name: 'As of…' });
    await pickInstant(page, 'Date and time', instants.paid);
    await asOf.getByRole('button', { name: 'Show' }).click();
    await asOf.getByTestId('state-as-of').getByText('Active', { exact: true }).waitFor();
    await screenshot(page, 'history-subscription-en-desktop');

    // The customer's page: their order, and their sign-in once asked for, in the same timeline.
    await page.goto(`/admin/users/${customerId}/show`);
    const theirs = page.getByRole('region', { name: 'History' });
    await theirs.getByText(/^Order placed: Netflix/).waitFor();
    await theirs.getByRole('switch', { name: 'Show sign-ins' }).click();
    await theirs.getByText('Signed in').first().waitFor();
    await screenshot(page, 'history-user-en-desktop');

    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/subscriptions/${subscriptionId}/show`);
    await page.getByRole('region', { name: 'History' }).getByTestId('history-entry').first().waitFor();
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'history-subscription-en-mobile');
    await page.close();
  });

  it("narrows a customer's history, keeps it in the address, exports it, and shows who read which credentials, in French and English at 1440 and 375 px", async () => {
    await paidThenSuspended();
    const { page, operatorId } = await openOperatorPage(e2e, OPERATOR);
    // The operator stores a set and reads its password twice.
    const csrf = { 'X-CSRF-Token': await csrfTokenOf(page) };
    const created = await page.request.post('/api/admin/credentials', {
      headers: csrf,
      data: { planId: 'netflix', email: 'famille@netflix-partage.example', password: 'Secret-Partage-1' },
    });
    expect(created.status()).toBe(201);
    const setId = ((await created.json()) as { id: string }).id;
    for (let i = 0; i < 2; i++) expect((await page.request.get(`/api/admin/credentials/${setId}`)).status()).toBe(200);

    // The customer's page, in the shop's time (Paris, with the offset, to the second).
    await page.goto(`/admin/users/${customerId}/show`);
    const history = page.getByRole('region', { name: 'Historique' });
    const entries = history.getByTestId('history-entry');
    await history.getByText(/^Commande passée : Netflix/).waitFor();
    expect(await entries.first().locator('time').innerText()).toMatch(SHOP_TIME);
    const order = entries.filter({ hasText: 'Commande passée : Netflix' });
    await order.getByText(`Abonnement Netflix · ${subscriptionId.slice(0, 8)}`).waitFor();
    // Sign-ins are left out until asked; the choice is in the address and survives a reload.
    expect(await history.getByText('Connexion', { exact: true }).count()).toBe(0);
    await history.getByRole('switch', { name: 'Afficher les connexions' }).click();
    await history.getByText('Connexion', { exact: true }).first().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('signIns')).toBe('1');
    await page.reload();
    await page.getByRole('region', { name: 'Historique' }).getByText('Connexion', { exact: true }).first().waitFor();
    // Up to just after the payment: the suspension is not there yet, and the address says when.
    await pickInstant(page, 'Jusqu’au', instants.paid);
    await history.getByRole('button', { name: 'Afficher' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('asOf')).toBe(instants.paid);
    await history.getByTestId('history-as-of').getByText(SHOP_TIME_IN_TEXT).waitFor();
    await history.getByText(/^Paiement confirmé par Sandbox/).waitFor();
    expect(await history.getByText(/^Statut changé/).count()).toBe(0);
    const link = page.url();
    await screenshot(page, 'history-customer-fr-desktop');
    // Exported as shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^history-${customerId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));

    // The set's page: who read its password, which version, when.
    await page.goto(`/admin/credentials/${setId}/show`);
    const readings = page.getByRole('region', { name: 'Consultations des mots de passe' });
    await readings.getByText('2 consultations').waitFor();
    expect(await readings.getByTestId('credential-reveal').first().innerText()).toMatch(/Chloé Audit[\s\S]*version 1/);
    expect(await readings.getByTestId('credential-reveal').first().locator('time').innerText()).toMatch(SHOP_TIME);
    await screenshot(page, 'credential-reveals-fr-desktop');
    // The operator's own page: the sets they read.
    await page.goto(`/admin/users/${operatorId}/show`);
    await page
      .getByRole('region', { name: 'Mots de passe consultés' })
      .getByRole('link', { name: `Jeu ${setId.slice(0, 8)}` })
      .first()
      .waitFor();
    await page.close();

    // The same link reopens the same view, in English and on a phone.
    for (const [language, viewport] of [
      ['en', MOBILE],
      ['fr', MOBILE],
      ['en', DESKTOP],
    ] as const) {
      const opened = await openOperatorPage(e2e, OPERATOR, viewport, language);
      await opened.page.goto(link);
      const region = opened.page.getByRole('region', { name: language === 'en' ? 'History' : 'Historique' });
      await region
        .getByText(language === 'en' ? /^Payment confirmed by Sandbox/ : /^Paiement confirmé par Sandbox/)
        .waitFor();
      expect(await region.getByText(language === 'en' ? /^Status changed/ : /^Statut changé/).count()).toBe(0);
      await region
        .getByText(language === 'en' ? 'Signed in' : 'Connexion', { exact: true })
        .first()
        .waitFor();
      await region.getByTestId('history-as-of').getByText(SHOP_TIME_IN_TEXT).waitFor();
      expect(await opened.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport.width,
      );
      const size = viewport === MOBILE ? 'mobile' : 'desktop';
      await screenshot(opened.page, `history-customer-${language}-${size}`);
      await opened.page.goto(`/admin/credentials/${setId}/show`);
      await opened.page
        .getByRole('region', { name: language === 'en' ? 'Password readings' : 'Consultations des mots de passe' })
        .getByTestId('credential-reveal')
        .first()
        .waitFor();
      expect(await opened.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(opened.page, `credential-reveals-${language}-${size}`);
      await opened.page.close();
    }
  });
});
