import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, grantRole, type SignedInPerson } from '../../services/app/src/testing/test-shop.js';
import {
  buyOnSandbox,
  credentialsEmailOnceReady,
  csrfTokenOf,
  type E2eShop,
  screenshot,
  signUpAndIn,
  startBackOfficeShop,
  withTwoFactorOn,
} from './e2e-shop.js';

const ADMIN_EMAIL = 'operator@premium-share.example';
/** A second operator, so the credentials test signs up on its own and runs alone too. */
const CREDENTIALS_ADMIN_EMAIL = 'credentials.desk@premium-share.example';
const PASSWORD = 'jardin-secret';
const SUBJECT = 'Mon compte Netflix ne fonctionne plus';
const MESSAGE = "Bonjour,\nle mot de passe reçu est refusé depuis ce matin.\nMerci d'avance.";
const SERVICE_LOGIN = 'famille.netflix@shared-accounts.example';

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startBackOfficeShop('e2e_back_office', ADMIN_EMAIL);
});

afterAll(async () => {
  await e2e?.stop();
});

interface InquiryRow {
  id: string;
  kind: string;
  status: string;
  version: number;
  subject: string | null;
}

/** The inquiries as the API lists them to this page's session (the projection may trail the forms). */
async function listedInquiries(page: Page): Promise<InquiryRow[]> {
  const response = await page.request.get('/api/admin/inquiries?sort=["receivedAt","DESC"]&range=[0,24]');
  expect(response.status()).toBe(200);
  return (await response.json()) as InquiryRow[];
}

/** Content-Security-Policy refusals reported by the browser: helmet's policy must let the back-office run. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Writes `note` in a credentials set's form (its `notes` field), pictures the form as `picture` once
 * MUI's floating labels settled, saves it and waits for the set's page and the notice `saved`.
 */
async function saveCredentials(operator: Page, notes: Locator, note: string, picture: string, saved: string) {
  await notes.fill(note);
  await notes.blur();
  // Let MUI's floating labels settle before the picture.
  await operator.waitForTimeout(300);
  await screenshot(operator, picture);
  await operator.getByRole('button', { name: 'Enregistrer' }).click();
  await operator.getByText(saved).waitFor();
  await operator.waitForURL(/\/admin\/credentials\/[^/]+\/show$/);
}

/** The operator, once the first test signed them up and turned two-factor sign-in on. */
let operatorAccount: SignedInPerson | undefined;

/**
 * Signs the operator (signed up by the first test) in, with their second factor, through the
 * page's own request context (it shares its cookies with the browser), and opens the shop.
 */
async function signInAsOperator(page: Page): Promise<void> {
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: ADMIN_EMAIL, password: PASSWORD, totpCode: operatorAccount!.secondFactor!() },
  });
  expect(signIn.status()).toBe(200);
  await page.goto('/');
  await page.getByRole('link', { name: 'Mon profil' }).first().waitFor();
}

describe('the back-office in a browser', () => {
  it('lets the operator read a support message in French, filter by kind and move it to "en cours"', async () => {
    const visitor = await e2e.openPage('/support');
    const support = await visitor.request.post('/api/support/messages', {
      data: { email: 'lea.visiteuse@example.com', category: 'account', subject: SUBJECT, message: MESSAGE },
    });
    expect(support.status()).toBe(201);
    const partnership = await visitor.request.post('/api/partnership-requests', {
      data: {
        companyName: 'Streamy SAS',
        contactName: 'Hugo Partenaire',
        email: 'hugo@streamy.example',
        partnershipType: 'reseller',
        description: 'Nous aimerions revendre vos abonnements à nos clients.',
      },
    });
    expect(partnership.status()).toBe(201);

    const operator = await e2e.openPage('/');
    const cspViolations = watchCspViolations(operator);
    await signUpAndIn(operator, 'Camille Opérations', PASSWORD, ADMIN_EMAIL);
    operatorAccount = await withTwoFactorOn(e2e, { email: ADMIN_EMAIL, password: PASSWORD }, operator);
    await eventually(
      () => listedInquiries(operator),
      (rows) => rows.length === 2,
    );

    await operator.goto('/admin/inquiries');
    await operator.getByRole('heading', { name: 'Demandes' }).waitFor();
    const table = operator.getByRole('table');
    for (const header of ['Reçue le', 'Type', 'Statut', 'E-mail', 'Nom / société', 'Objet']) {
      await table.getByRole('columnheader', { name: header }).waitFor();
    }
    const supportRow = table.getByRole('row').filter({ hasText: SUBJECT });
    await supportRow.waitFor();
    expect(await supportRow.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await supportRow.getByText('Nouvelle').waitFor();
    await supportRow.getByText('lea.visiteuse@example.com').waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'Hugo Partenaire — Streamy SAS' })
      .getByText('Partenariat')
      .waitFor();
    await screenshot(operator, 'back-office-inquiries');

    await operator.getByRole('combobox', { name: 'Type' }).click();
    await operator.getByRole('option', { name: 'Support' }).click();
    await operator.waitForURL(/filter=/);
    await table.getByRole('row').filter({ hasText: 'Streamy SAS' }).waitFor({ state: 'detached' });
    await supportRow.waitFor();

    await supportRow.getByText(SUBJECT).click();
    await operator.waitForURL(/\/admin\/inquiries\/[^/]+\/show$/);
    // A support message has no other field: the visitor's message opens the conversation.
    await operator.getByRole('heading', { name: 'Échanges' }).waitFor();
    const thread = operator.getByRole('list', { name: 'Échanges' });
    expect(await thread.getByRole('listitem').first().locator('p').nth(1).innerText()).toBe(MESSAGE);
    await operator.getByText('Compte', { exact: true }).waitFor();
    await screenshot(operator, 'back-office-inquiry-show');

    await operator.getByRole('link', { name: 'Changer le statut' }).click();
    await operator.waitForURL(/\/admin\/inquiries\/[^/]+$/);
    await operator.getByRole('combobox', { name: 'Statut' }).waitFor();
    await screenshot(operator, 'back-office-inquiry-edit');
    await operator.getByRole('combobox', { name: 'Statut' }).click();
    // From "nouvelle", the server allows "en cours" and "fermée"; nothing else is offered.
    expect(await operator.getByRole('option').allInnerTexts()).toEqual(['Nouvelle', 'En cours', 'Fermée']);
    await operator.getByRole('option', { name: 'En cours' }).click();
    await operator.getByRole('button', { name: 'Enregistrer' }).click();

    await operator.waitForURL(/\/admin\/inquiries(\?.*)?$/);
    await table.getByRole('row').filter({ hasText: SUBJECT }).getByText('En cours').waitFor();
    const [changed] = (await listedInquiries(operator)).filter((row) => row.subject === SUBJECT);
    expect(changed).toMatchObject({ status: 'in_progress', version: 2 });
    expect(cspViolations).toEqual([]);
  });

  it('asks the operator to reload when someone else changed the inquiry meanwhile', async () => {
    const operator = await e2e.openPage('/auth');
    await signInAsOperator(operator);
    const [inquiry] = (await listedInquiries(operator)).filter((row) => row.subject === SUBJECT);
    expect(inquiry?.status).toBe('in_progress');

    await operator.goto(`/admin/inquiries/${inquiry!.id}`);
    await operator.getByRole('combobox', { name: 'Statut' }).waitFor();
    // Another operator closes it from another screen.
    const elsewhere = await operator.request.put(`/api/admin/inquiries/${inquiry!.id}`, {
      data: { status: 'closed', version: inquiry!.version },
      headers: { 'X-CSRF-Token': await csrfTokenOf(operator) },
    });
    expect(elsewhere.status()).toBe(200);

    await operator.getByRole('combobox', { name: 'Statut' }).click();
    await operator.getByRole('option', { name: 'Fermée' }).click();
    await operator.getByRole('button', { name: 'Enregistrer' }).click();
    await operator.getByText(/modifiée par quelqu'un d'autre.*Rechargez la page/).waitFor();
  });

  it('lets the operator store Netflix credentials, find the paid subscription without any and assign them', async () => {
    const customer = await e2e.openPage('/auth');
    const customerEmail = await signUpAndIn(customer, 'Inès Abonnée');
    const subscriptionId = await buyOnSandbox(customer);

    const operator = await e2e.openPage('/auth');
    const cspViolations = watchCspViolations(operator);
    await signUpAndIn(operator, 'Sacha Opérations', PASSWORD, CREDENTIALS_ADMIN_EMAIL);
    // A second owner: ADMIN_EMAILS makes only a new shop's first, the others are granted the role.
    await grantRole(
      e2e.shop,
      await withTwoFactorOn(e2e, { email: CREDENTIALS_ADMIN_EMAIL, password: PASSWORD }, operator),
      'owner',
    );

    // A set for Netflix, its password generated by the server.
    await operator.goto('/admin/credentials/create');
    await operator.getByRole('combobox', { name: /^Plan/ }).click();
    await operator.getByRole('option', { name: 'Netflix' }).click();
    await operator.getByLabel(/^E-mail de connexion/).fill(SERVICE_LOGIN);
    await operator.getByRole('button', { name: 'Générer' }).click();
    await operator.getByText('Mot de passe généré automatiquement').waitFor();
    const password = operator.getByLabel(/^Mot de passe/);
    await expect.poll(() => password.inputValue()).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    const generated = await password.inputValue();
    expect(await password.getAttribute('type')).toBe('text');
    await saveCredentials(
      operator,
      operator.getByLabel('Informations complémentaires'),
      'Profil « Inès », code PIN 2468',
      'back-office-credentials-create',
      'Identifiants créés avec succès',
    );
    // The set's page, once shown (its access check answers first): the password stays on the server until asked for.
    await operator.getByRole('button', { name: 'Afficher le mot de passe' }).waitFor();
    expect(await operator.content()).not.toContain(generated);
    await operator.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect.poll(() => operator.getByTestId('credentials-password').textContent()).toBe(generated);
    await operator.getByRole('button', { name: 'Masquer' }).click();
    expect(await operator.content()).not.toContain(generated);

    await operator.getByRole('link', { name: 'Liste' }).click();
    await operator.waitForURL(/\/admin\/credentials(\?.*)?$/);
    const credentialsRow = operator.getByRole('row').filter({ hasText: SERVICE_LOGIN });
    await credentialsRow.getByText('••••••••').waitFor();
    await credentialsRow.getByText('Aucun abonnement').waitFor();
    expect(await operator.content()).not.toContain(generated);
    await screenshot(operator, 'back-office-credentials');

    // The subscriptions open on the to-do list: active, without credentials.
    await operator.goto('/admin/subscriptions');
    await operator.getByRole('heading', { name: 'Abonnements' }).waitFor();
    expect(await operator.getByRole('combobox', { name: 'Identifiants' }).textContent()).toContain('Sans identifiants');
    const subscriptionRow = operator.getByRole('row').filter({ hasText: customerEmail });
    await subscriptionRow.getByText('À fournir').waitFor();
    await subscriptionRow.getByText('Actif').waitFor();
    await subscriptionRow.getByText('4,53 €').waitFor();
    expect(await subscriptionRow.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await screenshot(operator, 'back-office-subscriptions');

    // The customer's name links to their page; the rest of the row opens the subscription.
    expect(await subscriptionRow.getByRole('link', { name: 'Inès Abonnée' }).getAttribute('href')).toMatch(
      /\/admin\/users\/.+\/show$/,
    );
    await subscriptionRow.getByText('4,53 €').click();
    await operator.waitForURL(`**/admin/subscriptions/${subscriptionId}/show`);
    await operator.getByRole('button', { name: 'Attribuer des identifiants' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Attribuer des identifiants' });
    await dialog.getByRole('radio', { name: new RegExp(SERVICE_LOGIN.replace(/\./g, '\\.')) }).check();
    await operator.waitForTimeout(300);
    await screenshot(operator, 'back-office-assign-credentials', false);
    await dialog.getByRole('button', { name: 'Attribuer', exact: true }).click();
    // Exact: the subscription's history shows "Identifiants attribués par …" as soon as it refreshes.
    await operator.getByText('Identifiants attribués', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const credentialsCard = operator.getByRole('region', { name: 'Identifiants' });
    await credentialsCard.getByText('Attribués').waitFor();
    await credentialsCard.getByRole('link', { name: SERVICE_LOGIN }).waitFor();

    // Back to the list: no longer among those without credentials, shown as assigned with them.
    await operator.getByRole('link', { name: 'Liste' }).click();
    await operator.waitForURL(/\/admin\/subscriptions(\?.*)?$/);
    await operator.getByRole('row').filter({ hasText: customerEmail }).waitFor({ state: 'detached' });
    await operator.getByRole('combobox', { name: 'Identifiants' }).click();
    await operator.getByRole('option', { name: 'Avec identifiants' }).click();
    await operator.getByRole('row').filter({ hasText: customerEmail }).getByText('Attribués').waitFor();

    // A set in use is not deleted; an edit that leaves the password empty keeps it.
    await operator.goto('/admin/credentials');
    await operator.getByRole('row').filter({ hasText: SERVICE_LOGIN }).getByText('1 abonnement').click();
    await operator.waitForURL(/\/admin\/credentials\/[^/]+\/show$/);
    await operator.getByRole('button', { name: 'Supprimer' }).click();
    await operator.getByText('Êtes-vous sûr de vouloir supprimer ces identifiants ?').waitFor();
    await operator.getByRole('button', { name: 'Confirmer' }).click();
    await operator.getByText(/Ces identifiants servent encore 1 abonnement en cours/).waitFor();
    await operator.getByRole('link', { name: 'Éditer' }).click();
    await operator.getByText('Laissez vide pour garder le mot de passe actuel.').waitFor();
    await saveCredentials(
      operator,
      operator.getByRole('textbox', { name: 'Informations complémentaires' }),
      'Profil « Inès », code PIN 1357',
      'back-office-credentials-edit',
      'Identifiants mis à jour',
    );
    await operator.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect.poll(() => operator.getByTestId('credentials-password').textContent()).toBe(generated);
    await operator.getByText('Profil « Inès », code PIN 1357').waitFor();
    expect(cspViolations).toEqual([]);

    // The customer reads the login e-mail on their credentials page.
    expect(await credentialsEmailOnceReady(customer, () => customer.goto(`/product-access/${subscriptionId}`))).toBe(
      SERVICE_LOGIN,
    );
    await customer.getByText('Profil « Inès », code PIN 1357').waitFor();
  });

  it('sends a signed-out visitor to the shop to sign in, then back to the back-office', async () => {
    const page = await e2e.openPage('/admin/users');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/admin/users');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.locator('#field-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // Staff sign in with their second factor.
    await page.locator('#field-totpCode').fill(operatorAccount!.secondFactor!());
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'Utilisateurs' }).waitFor();
    await page.getByRole('row').filter({ hasText: ADMIN_EMAIL }).getByText('Propriétaire').waitFor();
  });

  it('shows a signed-in customer that the back-office is for administrators, and no data', async () => {
    const customer = await e2e.openPage('/');
    await signUpAndIn(customer, 'Noé Client');
    const adminCalls: string[] = [];
    customer.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });

    await customer.goto('/admin');
    await customer.getByRole('heading', { level: 1, name: 'Réservé aux administrateurs' }).waitFor();
    await customer.goto('/admin/inquiries');
    await customer.getByRole('heading', { level: 1, name: 'Réservé aux administrateurs' }).waitFor();
    await screenshot(customer, 'back-office-admin-only');
    expect(await customer.getByRole('table').count()).toBe(0);
    expect(await customer.getByText(SUBJECT).count()).toBe(0);
    expect(adminCalls).toEqual([]);
    // The server refuses anyway.
    expect((await customer.request.get('/api/admin/inquiries')).status()).toBe(403);

    await customer.getByRole('link', { name: 'Retour à la boutique' }).click();
    await customer.waitForURL((url) => url.pathname === '/');
  });
});
