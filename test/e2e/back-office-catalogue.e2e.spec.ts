import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import {
  answering,
  backOfficeDesk,
  csrfTokenOf,
  DESKTOP,
  MOBILE,
  screenshot,
  signUpCustomer,
  type E2eShop,
} from './e2e-shop.js';

const desk = backOfficeDesk('catalogue', answering('/api/admin/promo-codes'), 'Camille Catalogue');
const CUSTOMER = { email: 'claire.client@example.com', fullName: 'Claire Client', password: 'a good password' };

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await desk.start();
  await signUpCustomer(e2e, CUSTOMER);
});

afterAll(async () => {
  await e2e?.stop();
});

/** The operator, signed in on the shop's /auth screen (signed up the first time), in `language`. */
async function operatorPage(viewport = DESKTOP, language: 'fr' | 'en' = 'fr'): Promise<Page> {
  const { page } = await desk.operatorPage(viewport, language);
  return page;
}

/** What the shop answers a customer checking `code` on one month of Spotify. */
async function promoCheck(code: string): Promise<{ valid: boolean; percentOff?: number; reason?: string }> {
  const reply = await fetch(`${e2e.shop.url}/api/promo-codes/check`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, planId: 'spotify', months: 1 }),
  });
  return (await reply.json()) as { valid: boolean; percentOff?: number; reason?: string };
}

async function shopPlans(): Promise<Array<{ id: string; monthlyPriceCents: number; features: string[] }>> {
  const reply = await fetch(`${e2e.shop.url}/api/plans?lang=fr`);
  return ((await reply.json()) as { data: Array<{ id: string; monthlyPriceCents: number; features: string[] }> }).data;
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

describe('the catalogue and sync tabs in a browser', () => {
  it('creates, revises and deactivates a promo code in French at 1440 px; the shop follows at once', async () => {
    const page = await operatorPage();
    await page.goto('/admin/promo-codes');
    await page.getByRole('heading', { name: 'Codes promo' }).waitFor();
    const table = page.getByRole('table');
    for (const header of ['Code', 'Réduction (%)', 'Validité', 'Utilisations', 'Actif', 'Modifié le']) {
      await table.getByRole('columnheader', { name: header }).waitFor();
    }
    const launch = table.getByRole('row').filter({ hasText: 'BIENVENUE10' });
    await launch.getByText('Sans limite de date').waitFor();
    await launch.getByText('0 / illimité').waitFor();

    await page.getByRole('link', { name: 'Créer' }).click();
    await page.getByRole('heading', { name: 'Nouveau code promo' }).waitFor();
    await page.getByLabel('Code').fill('ete-2026');
    await page.getByLabel('Réduction (%)').fill('20');
    await page.getByLabel("Limite d'utilisations").fill('100');
    await screenshot(page, 'catalogue-promo-create-fr-desktop');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const created = table.getByRole('row').filter({ hasText: 'ETE-2026' });
    await created.getByText('0 / 100').waitFor();
    expect(await promoCheck('ete-2026')).toMatchObject({ valid: true, percentOff: 20 });
    await screenshot(page, 'catalogue-promo-list-fr-desktop');

    await created.getByText('ETE-2026').click();
    await page.getByRole('heading', { name: 'Code promo ETE-2026' }).waitFor();
    expect(await page.getByLabel('Code').isDisabled()).toBe(true);
    await page.getByLabel('Réduction (%)').fill('30');
    await page.getByRole('switch', { name: 'Actif' }).uncheck();
    await screenshot(page, 'catalogue-promo-edit-fr-desktop');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await table.getByRole('row').filter({ hasText: 'ETE-2026' }).getByText('Désactivé').waitFor();
    expect(await promoCheck('ETE-2026')).toMatchObject({ valid: false, reason: 'promo.inactive' });

    // Another change lands while the form is open: saving the stale form is refused, with the reload message.
    await table.getByRole('row').filter({ hasText: 'ETE-2026' }).getByText('ETE-2026').click();
    await page.getByRole('heading', { name: 'Code promo ETE-2026' }).waitFor();
    const current = (await (await page.request.get('/api/admin/promo-codes/ETE-2026')).json()) as { version: number };
    const meanwhile = await page.request.put('/api/admin/promo-codes/ETE-2026', {
      headers: { 'X-CSRF-Token': await csrfTokenOf(page) },
      data: { percentOff: 35, usageLimit: 100, active: true, version: current.version },
    });
    expect(meanwhile.status()).toBe(200);
    await page.getByLabel('Réduction (%)').fill('40');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce code promo a été modifié entre-temps').waitFor();
    expect(await promoCheck('ETE-2026')).toMatchObject({ valid: true, percentOff: 35 });
  });

  it('edits a plan and takes one off sale in French at 1440 px; the shop follows', async () => {
    const page = await operatorPage();
    await page.goto('/admin/plans');
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    const table = page.getByRole('table');
    for (const header of ['Nom', 'Catégorie', 'Prix mensuel', 'Populaire', 'En vente']) {
      await table.getByRole('columnheader', { name: header }).waitFor();
    }
    await screenshot(page, 'catalogue-plans-list-fr-desktop');

    await table.getByRole('row').filter({ hasText: 'Spotify' }).first().click();
    await page.getByRole('heading', { name: /^Plan Spotify/ }).waitFor();
    const price = page.getByLabel('Prix mensuel (€, TTC)');
    await price.fill('4.49');
    const french = page.getByLabel('Avantages en français');
    const lines = (await french.inputValue()).split('\n');
    expect(lines).toHaveLength(6);
    // Five lines: refused on the field before anything is sent.
    await french.fill(lines.slice(1).join('\n'));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Il faut exactement 6 avantages, un par ligne').first().waitFor();
    await french.fill(['Son haute fidélité', ...lines.slice(1)].join('\n'));
    await screenshot(page, 'catalogue-plan-edit-fr-desktop');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/admin\/plans$/);
    await eventually(shopPlans, (plans) => plans.find((plan) => plan.id === 'spotify')?.monthlyPriceCents === 449);
    expect((await shopPlans()).find((plan) => plan.id === 'spotify')?.features[0]).toBe('Son haute fidélité');

    await table.getByRole('row').filter({ hasText: 'NordVPN' }).first().click();
    await page.getByRole('switch', { name: 'En vente' }).uncheck();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await table.getByRole('row').filter({ hasText: 'NordVPN' }).getByText('Retiré de la vente').waitFor();
    await eventually(shopPlans, (plans) => !plans.some((plan) => plan.id === 'nordvpn'));
    await screenshot(page, 'catalogue-plans-list-off-sale-fr-desktop');
  });

  it('the sync tab checks the e-mail and says when Stripe is not configured', async () => {
    const page = await operatorPage();
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Synchronisation' }).click();
    await page.waitForURL(/\/admin\/sync$/);
    await page.getByRole('heading', { name: 'Synchronisation des paiements' }).waitFor();
    await page.getByText("Si un client a payé par carte mais que son abonnement n'a pas été activé").waitFor();
    // Said before any attempt: this shop has no Stripe.
    await page.getByText("Stripe n'est pas configuré sur ce serveur").waitFor();
    const email = page.getByLabel('E-mail du client');
    await email.fill('   ');
    await page.getByRole('button', { name: 'Synchroniser les paiements' }).click();
    await page.getByText('Veuillez entrer un email').first().waitFor();
    await email.fill(`  ${CUSTOMER.email} `);
    await page.getByRole('button', { name: 'Synchroniser les paiements' }).click();
    // The run is refused, said in French, and what was typed stays.
    await page.getByText("Stripe n'est pas configuré : la synchronisation n'est pas possible").waitFor();
    expect(await email.inputValue()).toContain(CUSTOMER.email);
    await screenshot(page, 'catalogue-sync-fr-desktop');

    // With Stripe on, the answer lists what was synced: this shop has no Stripe, so the answer is
    // played back to the screen (the sync itself is tested against a Stripe stand-in in stripe.int.spec.ts).
    let sent: unknown;
    await page.route('**/api/admin/payments/sync', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        json: {
          message: '2 subscription(s) synced',
          count: 2,
          payments: [
            { planName: 'Netflix', sessionId: 'cs_test_a1', amountCents: 1359, date: '2026-05-04T09:30:00.000Z' },
            {
              planName: 'Spotify Premium',
              sessionId: 'cs_test_b2',
              amountCents: 399,
              date: '2026-05-05T18:00:00.000Z',
            },
          ],
          mismatches: [],
          unmatched: [],
        },
      });
    });
    await page.getByRole('button', { name: 'Synchroniser les paiements' }).click();
    await page.getByRole('heading', { name: '2 abonnements synchronisés' }).waitFor();
    const results = page.getByRole('list', { name: 'Abonnements synchronisés' });
    await results.getByText('Netflix — 13,59 €').waitFor();
    await results.getByText(/Session de paiement cs_test_b2 · 5 mai 2026/).waitFor();
    expect(sent).toEqual({ email: CUSTOMER.email });
    expect(await page.getByText("Stripe n'est pas configuré sur ce serveur").count()).toBe(0);
    await screenshot(page, 'catalogue-sync-results-fr-desktop');
  });

  it('reads well in English at 1440 px and in both languages at 375 px', async () => {
    const english = await operatorPage(DESKTOP, 'en');
    await english.goto('/admin/promo-codes');
    await english.getByRole('heading', { name: 'Promo codes' }).waitFor();
    await english.getByRole('table').getByText('No date limit').first().waitFor();
    await screenshot(english, 'catalogue-promo-list-en-desktop');
    await english.goto('/admin/plans');
    await english.getByRole('table').getByText('Off sale').first().waitFor();
    await screenshot(english, 'catalogue-plans-list-en-desktop');
    await english.getByRole('table').getByRole('row').filter({ hasText: 'Netflix' }).first().click();
    await english.getByLabel('Features in English').waitFor();
    await screenshot(english, 'catalogue-plan-edit-en-desktop');
    await english.getByRole('menuitem', { name: 'Payment sync' }).click();
    await english.getByRole('heading', { name: 'Payment synchronisation' }).waitFor();
    await english.getByRole('button', { name: 'Sync payments' }).click();
    await english.getByText('Please enter an e-mail').first().waitFor();
    await screenshot(english, 'catalogue-sync-en-desktop');

    for (const language of ['fr', 'en'] as const) {
      const phone = await operatorPage(MOBILE, language);
      await phone.goto('/admin/promo-codes');
      await phone.getByText('BIENVENUE10').first().waitFor();
      await noHorizontalScroll(phone);
      await screenshot(phone, `catalogue-promo-list-${language}-mobile`);
      await phone.getByText('BIENVENUE10').first().click();
      await phone.waitForURL(/\/promo-codes\/BIENVENUE10$/);
      await phone.getByLabel(language === 'fr' ? 'Réduction (%)' : 'Discount (%)').waitFor();
      await noHorizontalScroll(phone);
      await screenshot(phone, `catalogue-promo-edit-${language}-mobile`);

      await phone.goto('/admin/plans');
      await phone.getByText('Netflix').first().waitFor();
      await phone
        .getByText(language === 'fr' ? 'Retiré de la vente' : 'Off sale')
        .first()
        .waitFor();
      await noHorizontalScroll(phone);
      await screenshot(phone, `catalogue-plans-list-${language}-mobile`);
      await phone.getByText('Netflix').first().click();
      await phone.getByLabel(language === 'fr' ? 'Avantages en anglais' : 'Features in English').waitFor();
      await noHorizontalScroll(phone);
      await screenshot(phone, `catalogue-plan-edit-${language}-mobile`);

      await phone.goto('/admin/sync');
      await phone
        .getByRole('button', { name: language === 'fr' ? 'Synchroniser les paiements' : 'Sync payments' })
        .waitFor();
      await noHorizontalScroll(phone);
      await screenshot(phone, `catalogue-sync-${language}-mobile`);
    }
  });
});
