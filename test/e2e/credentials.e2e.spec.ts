import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, turnOnStaffTwoFactor } from '../../services/app/src/testing/test-shop.js';
import { requestJson } from '../../services/app/src/testing/http-customer.js';
import {
  buyOnSandbox,
  credentialsEmailOnceReady,
  MOBILE,
  screenshot,
  signUpAndIn,
  startE2eShop,
  type E2eShop,
} from './e2e-shop.js';

const ADMIN_EMAIL = 'credentials-operator@premium-share.example';
const ADMIN_PASSWORD = 'operator password 1';
const SERVICE_LOGIN = 'famille.netflix@shared-accounts.example';
const SERVICE_PASSWORD = 'Kx7#mPq2!vRt';
let e2e: E2eShop;
let adminToken: string;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_credentials', { ADMIN_EMAILS: ADMIN_EMAIL });
  // The operator signs up with the address ADMIN_EMAILS names, and acts through the API.
  const api = e2e.shop.url;
  expect(
    (await requestJson(api, 'POST', '/api/auth/sign-up', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }))
      .status,
  ).toBe(201);
  const signIn = await requestJson(api, 'POST', '/api/auth/sign-in', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  adminToken = signIn.body.accessToken as string;
  // Staff use two-factor sign-in: the operator turns it on before the back-office answers.
  await turnOnStaffTwoFactor(e2e.shop, {
    email: ADMIN_EMAIL,
    token: adminToken,
    userId: (signIn.body.user as { id: string }).id,
  });
  await eventually(
    () => requestJson(api, 'GET', '/api/admin/credentials', { token: adminToken }),
    (reply) => reply.status === 200,
  );
});

afterAll(async () => {
  await e2e?.stop();
});

const asAdmin = (method: string, path: string, body?: unknown) =>
  requestJson(e2e.shop.url, method, path, { token: adminToken, body });

describe('the credentials page', () => {
  it('shows "preparing" after payment, then the credentials the operator assigned, the password behind the phrase', async () => {
    const page = await e2e.openPage('/auth');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpAndIn(page, 'Inès Laurent');
    const subscriptionId = await buyOnSandbox(page);
    const access = page.getByTestId('profile-subscription').first().getByRole('link', { name: 'Accéder' });
    expect(await access.getAttribute('href')).toBe(`/product-access/${subscriptionId}`);
    await access.click();

    await page.getByRole('heading', { name: 'Identifiants en préparation' }).waitFor();
    await page.getByText('Les identifiants seront disponibles sous 24h après validation du paiement').waitFor();
    await screenshot(page, 'credentials-preparing');

    const created = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: SERVICE_LOGIN,
      password: SERVICE_PASSWORD,
      additionalInfo: 'Profil « Inès », code PIN 2468',
    });
    expect(created.status).toBe(201);
    const assigned = await asAdmin('POST', `/api/admin/subscriptions/${subscriptionId}/credentials`, {
      credentialsId: created.body.id,
    });
    expect(assigned.status).toBe(200);

    // The customer comes back after the e-mail: the page asks again on every visit.
    const shown = await credentialsEmailOnceReady(page, async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Accès à votre abonnement' }).waitFor();
    });
    expect(shown).toBe(SERVICE_LOGIN);
    await page.getByText('Profil « Inès », code PIN 2468').waitFor();
    expect(await page.content()).not.toContain(SERVICE_PASSWORD);
    const copyPassword = page.getByRole('button', { name: 'Copier mot de passe' });
    expect(await copyPassword.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Copier e-mail de connexion' }).click();
    await page.getByText('E-mail de connexion copié dans le presse-papier').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(SERVICE_LOGIN);

    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await page.getByLabel('Phrase de vérification').fill('montre le mot de passe');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Vérification échouée').first().waitFor();
    await page.getByText("Tapez exactement 'voir mot de passe'").first().waitFor();
    expect(await page.content()).not.toContain(SERVICE_PASSWORD);
    await screenshot(page, 'credentials-verification-failed');

    await page.getByLabel('Phrase de vérification').fill('Voir Mot De Passe');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => page.getByTestId('credentials-password').textContent()).toBe(SERVICE_PASSWORD);
    await copyPassword.click();
    await page.getByText('Mot de passe copié dans le presse-papier').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(SERVICE_PASSWORD);
    await page.getByRole('button', { name: 'Copié' }).waitFor();
    await screenshot(page, 'credentials-revealed');
    await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
    expect(await page.getByTestId('credentials-password').textContent()).not.toContain(SERVICE_PASSWORD);
    expect(await copyPassword.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Contacter le support' }).getAttribute('href')).toBe(
      '/support#contact-form',
    );

    // On a phone, after a new visit: masked again until the phrase is typed.
    await page.setViewportSize(MOBILE);
    await page.reload();
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await page.getByLabel('Phrase de vérification').fill('voir mot de passe');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => page.getByTestId('credentials-password').textContent()).toBe(SERVICE_PASSWORD);
    await screenshot(page, 'credentials-revealed-mobile');

    // Signed out, the page sends to /auth and back; another customer is turned away.
    const visitor = await e2e.openPage(`/product-access/${subscriptionId}`);
    await visitor.waitForURL(/\/auth\?redirect=/);
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(`/product-access/${subscriptionId}`);

    const stranger = await e2e.openPage('/auth');
    await signUpAndIn(stranger, 'Paul Autre');
    await stranger.goto(`/product-access/${subscriptionId}`);
    await stranger.getByText('Abonnement non trouvé').waitFor();
    await stranger.waitForURL(/\/profile$/);
  });

  it('shows the preparing panel on a phone', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page, 'Noé Petit');
    await page.setViewportSize(MOBILE);
    await buyOnSandbox(page, 'spotify');
    await page.getByRole('link', { name: 'Accéder' }).first().click();
    await page.getByRole('heading', { name: 'Identifiants en préparation' }).waitFor();
    await screenshot(page, 'credentials-preparing-mobile');
    await page.getByRole('link', { name: 'Retour au profil' }).click();
    await page.waitForURL(/\/profile$/);
  });
});
