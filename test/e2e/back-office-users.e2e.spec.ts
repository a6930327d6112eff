import { readFileSync } from 'node:fs';
import { userIdOfEmail } from '@shop/projections';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidSubscription, placedOrder } from '../../services/app/src/testing/paid-subscription.js';
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

const desk = backOfficeDesk('users', answering('/api/admin/users/counts'));
const ALICE = { email: 'alice.martin@example.com', fullName: 'Alice Martin' };
const BRUNO = { email: 'bruno.petit@example.com', fullName: 'Bruno Petit' };
/** Only an order left unpaid: "expired" by the seeds' rule (a subscription, none active). */
const DAVID = { email: 'david.attente@example.com', fullName: 'David Attente' };
/** A subscription past its expiry. */
const EMMA = { email: 'emma.passee@example.com', fullName: 'Emma Passée' };
/** An order placed by mistake, deleted from her page: then without any subscription. */
const FLORA = { email: 'flora.erreur@example.com', fullName: 'Flora Erreur' };

let e2e: E2eShop;
let operatorId: string;

beforeAll(async () => {
  e2e = await desk.start();
  for (const customer of [ALICE, BRUNO]) {
    await signUpCustomer(e2e, { ...customer, password: 'a good password' });
  }
});

afterAll(async () => {
  await e2e?.stop();
});

/** Signs `person` up on the shop and answers their id once the back-office can see them. */
async function customer(person: { email: string; fullName: string }): Promise<string> {
  await signUpCustomer(e2e, { ...person, password: 'a good password' });
  return (await eventually(
    () => userIdOfEmail(e2e.shop.runtime.knex, person.email),
    (id) => id !== null,
  ))!;
}

/** The operator, signed in on the shop's /auth screen (signed up the first time), in `language`. */
async function operatorPage(viewport = DESKTOP, language: 'fr' | 'en' = 'fr'): Promise<Page> {
  const signedIn = await desk.operatorPage(viewport, language);
  operatorId = signedIn.operatorId;
  return signedIn.page;
}

describe('the Users tab in a browser', () => {
  it('lists, searches, filters, assigns a subscription, edits, creates, exports and erases, in French at 1440 px', async () => {
    const page = await operatorPage();
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Utilisateurs' }).waitFor();
    const counters = page.getByRole('region', { name: 'Répartition des utilisateurs' });
    await expect.poll(() => counters.getByTestId('users-count-total').textContent()).toBe('3');
    await expect.poll(() => counters.getByTestId('users-count-without').textContent()).toBe('3');
    const table = page.getByRole('table');
    const aliceRow = table.getByRole('row').filter({ hasText: ALICE.email });
    await aliceRow.getByText('Alice Martin').waitFor();
    await aliceRow.getByText('Sans abonnement').first().waitFor();
    await aliceRow.getByText('Aucun abonnement').waitFor();
    await screenshot(page, 'users-list-fr-desktop');

    // The sidebar's search and segments.
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('bruno');
    await table.getByRole('row').filter({ hasText: ALICE.email }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: BRUNO.email }).waitFor();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('');
    await aliceRow.waitFor();
    await page.getByRole('button', { name: 'Avec abonnement', exact: true }).click();
    await page.getByText('Aucun résultat').or(page.getByText('Aucun élément')).first().waitFor();
    await page.getByRole('button', { name: 'Avec abonnement', exact: true }).click();
    await aliceRow.waitFor();
    // A counter shows the users it counts, as the segment does; the total shows them all.
    const withCounter = counters.getByRole('button', { name: /Avec abonnement/ });
    await withCounter.click();
    await expect.poll(() => withCounter.getAttribute('aria-pressed')).toBe('true');
    await aliceRow.waitFor({ state: 'detached' });
    await counters.getByRole('button', { name: /Total/ }).click();
    await aliceRow.waitFor();

    // Show, then assign a subscription.
    await aliceRow.getByText('Alice Martin').click();
    await page.waitForURL(/\/admin\/users\/[^/]+\/show$/);
    const aliceId = page.url().split('/').at(-2)!;
    await page.getByRole('heading', { name: 'Abonnements' }).waitFor();
    await page.getByRole('button', { name: 'Attribuer un abonnement' }).click();
    const dialog = page.getByRole('dialog', { name: /Attribuer un abonnement à Alice Martin/ });
    await dialog.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: /Netflix/ }).click();
    await dialog.getByRole('spinbutton', { name: 'Durée (mois)' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Prix personnalisé (€)' }).fill('7.50');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await screenshot(page, 'users-assign-subscription-fr-desktop');
    await dialog.getByRole('button', { name: 'Attribuer' }).click();
    await page.getByText('Abonnement attribué').waitFor();
    const subscriptions = page.getByRole('region', { name: 'Abonnements' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Actualiser' }).first().click();
          return subscriptions.getByText('Netflix').count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await subscriptions.getByText('7,50 €').waitFor();
    await subscriptions.getByText('Actif').waitFor();
    await screenshot(page, 'users-show-fr-desktop');

    // Edit the name. The pointer leaves the refresh button first: its tooltip would cover the link.
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Éditer' }).click();
    await page.getByLabel('Nom complet').fill('Alice Martin-Durand');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur mis à jour avec succès').waitFor();
    await page.waitForURL(/\/show$/);

    // A change made meanwhile: the stale form is refused with the reload message.
    await page.getByRole('link', { name: 'Éditer' }).click();
    await page.getByLabel('Nom complet').waitFor();
    await expect.poll(() => page.getByLabel('Nom complet').inputValue()).toBe('Alice Martin-Durand');
    const meanwhile = await page.request.put(`/api/admin/users/${aliceId}`, {
      data: { fullName: 'Alice M.' },
      headers: { 'X-CSRF-Token': await csrfTokenOf(page) },
    });
    expect(meanwhile.status()).toBe(200);
    await page.getByLabel('Nom complet').fill('Alice Durand');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(/Rechargez la page/).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'users-edit-stale-fr-desktop');

    // Create.
    await page.goto('/admin/users/create');
    await page.getByRole('heading', { name: 'Nouvel utilisateur' }).waitFor();
    await page.getByLabel('E-mail').fill('chloe.nouvelle@example.com');
    await page.getByLabel('Nom complet').fill('Chloé Nouvelle');
    await screenshot(page, 'users-create-fr-desktop');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur créé avec succès').waitFor();
    await page.waitForURL(/\/show$/);

    // Export: recorded, then downloaded.
    await page.goto('/admin/users');
    await aliceRow.waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const stream = `exports-${new Date().toISOString().slice(0, 7)}`;
    const exported = (await e2e.shop.runtime.store.readStream(stream)).at(-1);
    expect(exported).toMatchObject({
      type: 'DataExported',
      data: { resource: 'users', rowCount: 4, exportedBy: operatorId },
    });

    // Erase Bruno, after the confirmation that says what it does.
    await table.getByRole('row').filter({ hasText: BRUNO.email }).getByText('Bruno Petit').click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/irréversible/).waitFor();
    await confirm.getByText(/ne peut plus se connecter/).waitFor();
    // Once the dialog has faded in.
    await page.waitForTimeout(400);
    await screenshot(page, 'users-erase-confirm-fr-desktop');
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Utilisateur supprimé avec succès').waitFor();
    await page.waitForURL(/\/admin\/users$/);
    await table.getByRole('row').filter({ hasText: BRUNO.email }).waitFor({ state: 'detached' });
    const signIn = await page.request.post('/api/auth/sign-in', {
      data: { email: BRUNO.email, password: 'a good password' },
    });
    expect(signIn.status()).toBe(401);
  });

  it('reads well in English at 1440 px and in both languages at 375 px', async () => {
    const english = await operatorPage(DESKTOP, 'en');
    await english.goto('/admin/users');
    await english.getByRole('heading', { name: 'Users' }).waitFor();
    await english.getByRole('region', { name: 'Users by subscription' }).waitFor();
    await english.getByRole('table').getByText('With subscription').first().waitFor();
    await screenshot(english, 'users-list-en-desktop');

    for (const language of ['fr', 'en'] as const) {
      const phone = await operatorPage(MOBILE, language);
      await phone.goto('/admin/users');
      await phone.getByText(ALICE.email).first().waitFor();
      await phone
        .getByText(language === 'fr' ? 'Avec abonnement' : 'With subscription')
        .first()
        .waitFor();
      // No horizontal scrolling at 375 px.
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(phone, `users-list-${language}-mobile`);
      await phone.getByText(ALICE.email).first().click();
      await phone.waitForURL(/\/show$/);
      await phone
        .getByRole('button', { name: language === 'fr' ? 'Attribuer un abonnement' : 'Assign a subscription' })
        .waitFor();
      // Her subscriptions read as a list on the phone, nothing scrolls sideways.
      await phone
        .getByRole('region', { name: language === 'fr' ? 'Abonnements' : 'Subscriptions' })
        .getByText('Netflix')
        .first()
        .waitFor();
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(phone, `users-show-${language}-mobile`);
    }
  });
  it('shows "all" as the seeds\' three lists with their counts, deletes a subscription from a user\'s page and says when the data was refreshed, in French and English', async () => {
    // Alice holds the subscription assigned above; Chloé and the operator have none.
    const david = await customer(DAVID);
    await placedOrder(e2e.shop.runtime.store, david);
    const emma = await customer(EMMA);
    const ended = new Date(Date.now() - 3 * 24 * 3600_000);
    ended.setUTCHours(12, 0, 0, 0);
    await paidSubscription(e2e.shop.runtime.store, emma, ended);
    const flora = await customer(FLORA);
    const mistaken = await placedOrder(e2e.shop.runtime.store, flora);
    await eventually(
      async () => (await e2e.shop.runtime.knex('subscriptions').where({ id: mistaken.subscriptionId }).first()) ?? null,
      (row) => row !== null,
    );

    const page = await operatorPage();
    await page.goto('/admin/users');
    const group = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
    const withGroup = group('Avec abonnement');
    const withoutGroup = group('Sans abonnement');
    const expiredGroup = group('Abonnement expiré');
    const countOf = (segment: string) => page.getByTestId(`users-group-count-${segment}`).textContent();
    await expect.poll(() => countOf('with')).toBe('(1)');
    await expect.poll(() => countOf('without')).toBe('(2)');
    await expect.poll(() => countOf('expired')).toBe('(3)');
    await withGroup.getByText(ALICE.email).waitFor();
    await withoutGroup.getByText('chloe.nouvelle@example.com').waitFor();
    for (const person of [DAVID, EMMA, FLORA]) await expiredGroup.getByText(person.email).waitFor();
    // Each group is sorted on its own, by the API: by name, A to Z, only the expired ones.
    await expiredGroup.getByRole('button', { name: 'Utilisateur' }).click();
    const emails = () => expiredGroup.getByRole('row').filter({ hasText: '@' }).allTextContents();
    await expect
      .poll(async () => (await emails()).map((row) => [DAVID, EMMA, FLORA].findIndex((p) => row.includes(p.email))))
      .toEqual([0, 1, 2]);
    await screenshot(page, 'users-groups-fr-desktop');

    // The search narrows every group, each with its count.
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('flora');
    await expect.poll(() => countOf('expired')).toBe('(1)');
    await expect.poll(() => countOf('with')).toBe('(0)');
    await withGroup.getByText('Aucun utilisateur dans ce groupe.').waitFor();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('');
    await expect.poll(() => countOf('expired')).toBe('(3)');

    // The refresh says it is done.
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await page.getByText('Données actualisées').waitFor();

    // The export of "all" carries each user's segment as the seeds classify it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    const segmentOf = (email: string) => csv.find((line) => line.includes(email))?.split(',')[4];
    expect([DAVID, EMMA, FLORA, ALICE].map((person) => segmentOf(person.email))).toEqual([
      'expired',
      'expired',
      'expired',
      'with',
    ]);

    // Flora's order was a mistake: deleted from her page, after a confirmation and a reason.
    await expiredGroup.getByText(FLORA.fullName).click();
    await page.waitForURL(/\/show$/);
    const subscriptions = page.getByRole('region', { name: 'Abonnements' });
    await subscriptions.getByText('Netflix').waitFor();
    // The page's panels (history, invoices, readings) finish loading before the operator acts.
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    const confirm = page.getByRole('dialog', { name: "Supprimer l'abonnement Netflix" });
    await subscriptions.getByRole('button', { name: "Supprimer l'abonnement Netflix" }).click();
    await confirm.getByText('Êtes-vous sûr de vouloir supprimer cet abonnement ?').waitFor();
    expect(await confirm.getByRole('button', { name: 'Supprimer' }).isDisabled()).toBe(true);
    await confirm.getByRole('textbox', { name: 'Motif' }).fill('Commande passée par erreur');
    await page.waitForTimeout(400);
    // A whole-page screenshot lays the page out anew at its full size for a moment, phone layout
    // included: the dialog is kept above the rows (it once closed here, as it did for an operator
    // turning a phone).
    await screenshot(page, 'users-void-subscription-fr-desktop');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Abonnement supprimé').waitFor();
    await subscriptions.getByText('Aucun abonnement').waitFor();
    await page.getByRole('main').getByText('Sans abonnement').first().waitFor();
    expect(
      await e2e.shop.runtime.knex('subscriptions').where({ id: mistaken.subscriptionId }).first('void_reason'),
    ).toEqual({ void_reason: 'Commande passée par erreur' });

    await page.goto('/admin/users');
    await expect.poll(() => countOf('without')).toBe('(3)');
    await expect.poll(() => countOf('expired')).toBe('(2)');
    await withoutGroup.getByText(FLORA.email).waitFor();

    const english = await operatorPage(DESKTOP, 'en');
    await english.goto('/admin/users');
    for (const [name, count] of [
      ['With subscription', '(1)'],
      ['Without subscription', '(3)'],
      ['Subscription expired', '(2)'],
    ]) {
      await english.getByRole('heading', { name: `${name} ${count}` }).waitFor();
    }
    await english
      .getByRole('region', { name: /^Subscription expired/ })
      .getByText(DAVID.email)
      .waitFor();
    await english.getByRole('button', { name: 'Refresh' }).click();
    await english.getByText('Data refreshed').waitFor();
    await screenshot(english, 'users-groups-en-desktop');

    for (const language of ['fr', 'en'] as const) {
      const phone = await operatorPage(MOBILE, language);
      await phone.goto('/admin/users');
      const expired = phone.getByRole('region', {
        name: language === 'fr' ? /^Abonnement expiré/ : /^Subscription expired/,
      });
      await expired.getByText(DAVID.email).waitFor();
      await phone
        .getByRole('region', { name: language === 'fr' ? /^Sans abonnement/ : /^Without subscription/ })
        .getByText(FLORA.email)
        .waitFor();
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(phone, `users-groups-${language}-mobile`);
    }
  });
});

/** A customer whose Netflix subscription is corrected by the operator: a long reason, then voided. */
const HUGO = { email: 'hugo.corrige@example.com', fullName: 'Hugo Corrigé' };
/** A customer with a running subscription, erased: her page and her subscription stay readable. */
const IRIS = { email: 'iris.partie@example.com', fullName: 'Iris Partie' };

/** The page is no wider than its viewport: nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

describe('corrections that stay readable, in a browser', () => {
  it('keeps the subscription page’s columns with a long reason, voids a paid one only when insisted, and reads the voided subscription and the erased customer in French at 1440 and 375 px', async () => {
    const inDays = (days: number) => {
      const at = new Date(Date.now() + days * 24 * 3600_000);
      at.setUTCHours(12, 0, 0, 0);
      return at;
    };
    const hugo = await customer(HUGO);
    const { subscriptionId: corrected } = await paidSubscription(e2e.shop.runtime.store, hugo, inDays(20));
    const iris = await customer(IRIS);
    const { subscriptionId: irisSubscription } = await paidSubscription(e2e.shop.runtime.store, iris, inDays(25));
    await eventually(
      async () =>
        (await e2e.shop.runtime.knex('subscriptions').whereIn('id', [corrected, irisSubscription]).count({ n: '*' }))[0]
          ?.n,
      (n) => Number(n) === 2,
    );

    const page = await operatorPage();
    const headers = { 'X-CSRF-Token': await csrfTokenOf(page) };
    const longReason =
      'Le client a signalé par téléphone puis par e-mail que son accès ne fonctionnait plus sur sa télévision du salon ' +
      'depuis la mise à jour de l’application ; en attendant la réponse du prestataire, l’abonnement est suspendu pour ' +
      'ne pas décompter des jours qu’il ne peut pas utiliser, et il sera réactivé dès que le problème sera résolu.';
    const suspended = await page.request.put(`/api/admin/subscriptions/${corrected}`, {
      data: { status: 'suspended', reason: longReason },
      headers,
    });
    expect(suspended.status(), await suspended.text()).toBe(200);

    // A long reason wraps: the order's column keeps its width, the payment reference is whole.
    await page.goto(`/admin/subscriptions/${corrected}/show`);
    await page.getByText(longReason).first().waitFor();
    const reference = page.getByText(`pay-${corrected}`, { exact: true });
    await reference.waitFor();
    // Measured at 202 px (0 with a longer reason) when the history's longest line set its width.
    const mainWidth = await page.evaluate<number>(
      `document.querySelector('.RaShow-main > :first-child').getBoundingClientRect().width`,
    );
    expect(mainWidth).toBeGreaterThan(600);
    expect(await reference.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    // The history beside it keeps its own width too.
    expect(
      await page.evaluate<number>(`document.querySelector('.RaShow-main > aside').getBoundingClientRect().width`),
    ).toBeLessThanOrEqual(440);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
    await screenshot(page, 'subscription-long-reason-fr-desktop');

    // Paid: the void dialog says what it takes out of the figures, and offers the refund instead.
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: "Supprimer l'abonnement Netflix" });
    await confirm.getByText(/Cet abonnement a été payé : .* comptent dans le chiffre d'affaires/).waitFor();
    await confirm.getByRole('button', { name: 'Rembourser plutôt' }).waitFor();
    await confirm.getByRole('textbox', { name: 'Motif' }).fill('Commande enregistrée deux fois');
    expect(await confirm.getByRole('button', { name: 'Supprimer' }).isDisabled()).toBe(true);
    await page.waitForTimeout(400);
    await screenshot(page, 'subscription-void-paid-fr-desktop', false);
    await confirm.getByRole('checkbox', { name: /Supprimer quand même/ }).check();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Abonnement supprimé', { exact: true }).waitFor();

    // The voided subscription's page: when, why, its history; nothing that would change it.
    await page.goto(`/admin/subscriptions/${corrected}/show`);
    await page.getByText(/Abonnement supprimé le .* : Commande enregistrée deux fois/).waitFor();
    expect(await page.getByText(/n'existe pas|does not exist/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Changer le statut' }).count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
    await screenshot(page, 'subscription-voided-fr-desktop');

    // Iris is erased: her running subscription ends with her; her page and her subscription stay readable.
    const erased = await page.request.delete(`/api/admin/users/${iris}`, { headers });
    expect(erased.status()).toBe(200);
    await page.goto(`/admin/users/${iris}/show`);
    await page.getByText(/Cette personne a été effacée le/).waitFor();
    const subscriptions = page.getByRole('region', { name: 'Abonnements' });
    await subscriptions.getByText('Annulé').first().waitFor();
    expect(await page.getByText('[effacé]').count()).toBeGreaterThan(0);
    expect(await page.getByText('[erased]').count()).toBe(0);
    expect(await page.getByText(IRIS.email).count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
    await screenshot(page, 'user-erased-fr-desktop');
    await page.goto(`/admin/subscriptions/${irisSubscription}/show`);
    // Why it ended, in the operator's language.
    await page.getByRole('region', { name: 'Commande' }).getByText('Client effacé').waitFor();
    await page.getByRole('main').getByText('[effacé]').first().waitFor();
    expect(await page.getByText('[erased]').count()).toBe(0);
    await screenshot(page, 'subscription-of-erased-fr-desktop');

    const phone = await operatorPage(MOBILE);
    for (const [path, ready, shot] of [
      [`/admin/subscriptions/${corrected}/show`, /Abonnement supprimé le/, 'subscription-voided-fr-mobile'],
      [`/admin/users/${iris}/show`, /Cette personne a été effacée le/, 'user-erased-fr-mobile'],
      [`/admin/subscriptions/${irisSubscription}/show`, /Client effacé/, 'subscription-of-erased-fr-mobile'],
    ] as const) {
      await phone.goto(path);
      await phone.getByText(ready).first().waitFor();
      expect(await phone.getByText('[erased]').count()).toBe(0);
      expect(await pageWidth(phone), path).toBeLessThanOrEqual(375);
      await screenshot(phone, shot);
    }
  });
});
