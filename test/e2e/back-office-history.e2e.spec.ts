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
    await timeline.getByText(/^Paiement confirmé par Sandbox : 4,53\s€/).waitFor();
    await timeline.getByText('Notification reçue de Sandbox', { exact: true }).waitFor();
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
    const notification = entries.filter({ has: page.getByText('Notification reçue de Sandbox', { exact: true }) });
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
    await timeline.getByText(/^Payment confirmed by Sandbox: €4\.53/).waitFor();
    await timeline.getByRole('button', { name: 'Oldest first' }).click();
    await expect.poll(async () => timeline.getByTestId('history-entry').first().innerText()).toMatch(/Account created/);
    const asOf = page.getByRole('region', { name: 'As of…' });
    await pickInstant(page, 'Date and time', instants.paid);
    await asOf.getByRole('button', { name: 'Show' }).click();
    await asOf.getByTestId('state-as-of').getByText('Active', { exact: true }).waitFor();
    await screenshot(page, 'history-subscription-en-desktop');

    // The customer's page: their sign-in and their order, in the same timeline.
    await page.goto(`/admin/users/${customerId}/show`);
    const theirs = page.getByRole('region', { name: 'History' });
    await theirs.getByText('Signed in').first().waitFor();
    await theirs.getByText(/^Order placed: Netflix/).waitFor();
    await screenshot(page, 'history-user-en-desktop');

    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/subscriptions/${subscriptionId}/show`);
    await page.getByRole('region', { name: 'History' }).getByTestId('history-entry').first().waitFor();
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'history-subscription-en-mobile');
    await page.close();
  });
});
