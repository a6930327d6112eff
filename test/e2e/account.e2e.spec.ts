import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  startSmtpCapture,
  type SmtpCapture,
} from '../../services/app/src/testing/smtp-capture.js';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { DESKTOP, MOBILE, screenshot, signUpAndIn, startE2eShop, type E2eShop } from './e2e-shop.js';

interface ReceivedMail {
  to: string[];
  text: string;
}

let e2e: E2eShop;
let smtp: SmtpCapture<ReceivedMail>;

beforeAll(async () => {
  // The shop's e-mails (the password-reset link among them) land in this capture.
  smtp = await startSmtpCapture((raw, to) => ({ to, text: decodeQuotedPrintable(raw) }));
  e2e = await startE2eShop('e2e_account', { SMTP_URL: smtp.url });
});

afterAll(async () => {
  await e2e?.stop();
  await smtp?.close();
});

/** The same screen at 1440 px and at 375 px. */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

const signedIn = (page: Page) => page.getByRole('link', { name: 'Mon profil' }).first().waitFor();

/** What an authenticator app shows for `secret`, as the shop's own TOTP settings define it. */
const authenticator = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const stepOf = (time: number) => Math.floor(time / 30_000);

describe('notifications, settings and the payment test page', () => {
  it('pays on /paypal-test, sees the notification, marks all read, deletes one, and a setting survives a reload', async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);

    await page.goto('/paypal-test');
    await page.getByRole('heading', { name: 'Test de paiement' }).waitFor();
    expect(await page.getByTestId('payment-test-price').textContent()).toMatch(/4,53\s€/);
    const pay = page.getByRole('button', { name: /Payer 4,53/ });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    // Past the button's colour transition, so the picture shows it as it stays.
    await page.waitForTimeout(400);
    await screenshots(page, 'account-paypal-test');
    await pay.click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /Payer/ }).first().click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();

    // Notifications are written by a job that follows the event log: wait for them through the API.
    // A paid order brings two: "order received" and "payment confirmed", written by separate jobs in
    // any order. Wait for both, so none arrives after "mark all read" and shows unread on reload.
    await eventually(
      async () =>
        ((await (await page.request.get('/api/me/notifications')).json()) as { data: Array<{ type: string }> }).data,
      (data) => data.filter((notification) => notification.type === 'subscription').length >= 2,
      20_000,
    );
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const notifications = page.getByTestId('notification');
    await notifications.first().waitFor();
    expect(await notifications.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('notification-unread').count()).toBeGreaterThan(0);
    expect(await notifications.first().innerText()).toMatch(/Abonnement/);
    await screenshots(page, 'account-notifications');

    await page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await expect.poll(() => page.getByTestId('notification-unread').count()).toBe(0);
    await page.reload();
    await notifications.first().waitFor();
    expect(await page.getByTestId('notification-unread').count()).toBe(0);

    const before = await notifications.count();
    await notifications
      .first()
      .getByRole('button', { name: /Supprimer la notification/ })
      .click();
    await expect.poll(() => notifications.count()).toBe(before - 1);
    await page.reload();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByLabel('E-mails promotionnels').waitFor();
    expect(await notifications.count()).toBe(before - 1);

    const promotional = page.getByLabel('E-mails promotionnels');
    expect(await promotional.isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/me/notification-settings') && response.request().method() === 'PATCH',
    );
    await promotional.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByLabel('E-mails promotionnels').waitFor();
    expect(await page.getByLabel('E-mails promotionnels').isChecked()).toBe(true);

    await page.goto('/profile');
    const menu = page.getByRole('navigation', { name: 'Mon compte' });
    await menu.getByRole('link', { name: 'Notifications' }).waitFor();
    await menu.getByRole('link', { name: 'Sécurité' }).waitFor();
    await menu.getByRole('link', { name: 'Support' }).waitFor();
    await page.getByTestId('profile-subscription').first().waitFor();
    await screenshots(page, 'account-profile');
    await menu.getByRole('link', { name: 'Sécurité' }).click();
    await page.waitForURL(/\/security$/);
  });

  it('asks a visitor to sign in on /notifications and /security', async () => {
    const page = await e2e.openPage('/notifications');
    await page.getByText('Veuillez vous connecter pour voir vos notifications.').waitFor();
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/auth\?redirect=%2Fnotifications/);
    await page.goto('/security');
    await page.getByText('Veuillez vous connecter pour gérer la sécurité de votre compte.').waitFor();
    // No external provider is configured here: no button, and a refused return still says what happened.
    await page.goto('/auth?error=access_denied&error_description=denied');
    await page.getByText('Erreur de connexion Google').waitFor();
    await page.getByText('La connexion a été refusée ou annulée.').waitFor();
    expect(await page.getByRole('link', { name: /Continuer avec/ }).count()).toBe(0);
  });
});

describe('security', () => {
  it('changes the password, then turns two-factor sign-in on, after which signing in asks for the code', async () => {
    const page = await e2e.openPage('/auth');
    const email = await signUpAndIn(page, 'Nora Petit', 'jardin-secret');

    await page.goto('/security');
    await page.locator('#field-currentPassword').fill('wrong-one');
    await page.locator('#field-newPassword').fill('better-secret');
    await page.locator('#field-confirmPassword').fill('better-secret');
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await page.getByText('Impossible de modifier le mot de passe').waitFor();
    await page.getByText('Le mot de passe actuel est incorrect').first().waitFor();

    await page.locator('#field-currentPassword').fill('jardin-secret');
    await page.locator('#field-newPassword').fill('short');
    await page.locator('#field-confirmPassword').fill('other');
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await page.getByText('Le mot de passe doit contenir au moins 6 caractères').waitFor();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();

    // Long enough, but one of the most used: the server refuses it and the form says why.
    await page.locator('#field-newPassword').fill('azerty123');
    await page.locator('#field-confirmPassword').fill('azerty123');
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await page.getByText('Ce mot de passe fait partie des plus utilisés. Choisissez-en un autre.').first().waitFor();

    await page.locator('#field-newPassword').fill('better-secret');
    await page.locator('#field-confirmPassword').fill('better-secret');
    await page.getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await page.getByText('Mot de passe modifié avec succès').waitFor();
    await page.getByText('Mot de passe modifié', { exact: true }).first().waitFor();

    await signOut(page);
    await signIn(page, email, 'jardin-secret');
    await page.getByText('Email ou mot de passe incorrect').waitFor();
    await signIn(page, email, 'better-secret');
    await signedIn(page);

    await page.goto('/security');
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    await page.getByRole('img', { name: 'QR code de configuration de la double authentification' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByLabel('Lien de configuration (otpauth)').inputValue()).toContain(`secret=${secret}`);
    await screenshots(page, 'account-security');

    const enabledAt = Date.now();
    await page.locator('#field-code').fill(authenticator(secret).generate({ timestamp: enabledAt }));
    await page.getByRole('button', { name: 'Confirmer et activer' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())?.trim() ?? '';
    expect(recoveryCode).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
    expect(await page.getByTestId('two-factor-status').textContent()).toBe('Activée');
    await screenshots(page, 'account-security-recovery-codes');
    await page.getByRole('button', { name: "J'ai conservé mes codes" }).click();
    await page.getByRole('button', { name: 'Désactiver' }).waitFor();

    await signOut(page);
    await signIn(page, email, 'better-secret');
    await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    // A code is spent once: sign in with the next time step's code if the set-up used this one.
    const now = Date.now();
    const timestamp = stepOf(now) > stepOf(enabledAt) ? now : now + 30_000;
    await page.locator('#field-totpCode').fill(authenticator(secret).generate({ timestamp }));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await signedIn(page);

    await page.goto('/security');
    const activity = page.getByTestId('security-event');
    await activity.first().waitFor();
    const entries = await activity.allInnerTexts();
    expect(entries.length).toBeLessThanOrEqual(10);
    expect(entries.join('\n')).toContain('Double authentification activée');
    expect(entries.join('\n')).toContain('Mot de passe modifié');
    expect(entries.join('\n')).toContain('Échec');
    // Sign-ins name the device and place in the customer's language.
    expect(entries.join('\n')).toContain('Chrome sur Linux · Réseau local');

    // A lost phone: one of the recovery codes stands in for the app's code, once.
    await signOut(page);
    await signIn(page, email, 'better-secret');
    await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    await page.locator('#field-totpCode').fill(recoveryCode);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await signedIn(page);
  });
});

describe('sessions and common passwords', () => {
  it('refuses one of the most used passwords at sign-up, and says why', async () => {
    const page = await e2e.openPage('/auth');
    await page.getByRole('tab', { name: 'Inscription' }).click();
    await page.getByLabel('Email').fill(`common-${Date.now()}@example.com`);
    await page.locator('#field-password').fill('motdepasse');
    await page.getByLabel('Confirmer le mot de passe').fill('motdepasse');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByText("Erreur d'inscription").waitFor();
    // In the form's alert and under the password field.
    const reason = page.getByText('Ce mot de passe fait partie des plus utilisés. Choisissez-en un autre.');
    await expect.poll(() => reason.count()).toBe(2);
  });

  it('lists the devices signed in, marks this one, and signs another out at once', async () => {
    const page = await e2e.openPage('/auth');
    const email = await signUpAndIn(page, 'Inès Moreau');
    const otherBrowser = await e2e.openPage('/auth');
    await signIn(otherBrowser, email, 'jardin-secret');
    await signedIn(otherBrowser);

    await page.goto('/security');
    const sessions = page.getByTestId('session');
    await expect.poll(() => sessions.count()).toBe(2);
    const current = page.locator('[data-testid="session"][data-current="true"]');
    await current.getByText('Cet appareil').waitFor();
    expect(await current.innerText()).toMatch(/Chrome sur Linux[\s\S]*Réseau local · Dernière activité/);
    expect(await current.getByRole('button').count()).toBe(0);
    await screenshots(page, 'account-security-sessions');
    await page.evaluate("window.localStorage.setItem('shop.language', 'en')");
    await page.reload();
    await page.getByRole('heading', { name: 'Signed-in devices' }).waitFor();
    await current.getByText('This device').waitFor();
    await screenshots(page, 'account-security-sessions-en');
    // The English page is /en/security now; French is at the root again once chosen.
    await page.evaluate("window.localStorage.setItem('shop.language', 'fr')");
    await page.goto('/security');

    const other = page.locator('[data-testid="session"][data-current="false"]');
    await other.getByRole('button', { name: 'Déconnecter la session Chrome sur Linux' }).click();
    await page.getByText("L'appareil a été déconnecté").waitFor();
    await expect.poll(() => sessions.count()).toBe(1);

    // The other device is signed out at once: its next request and its refresh are refused.
    await otherBrowser.goto('/security');
    await otherBrowser.getByText('Veuillez vous connecter pour gérer la sécurité de votre compte.').waitFor();

    const activity = page.getByTestId('security-event');
    await expect
      .poll(
        async () => {
          await page.reload();
          await activity.first().waitFor();
          return (await activity.allInnerTexts()).join('\n');
        },
        { timeout: 15_000 },
      )
      .toContain('Appareil déconnecté à distance');
  });
});

describe('forgotten password', () => {
  it('e-mails a link, sets a new password through /auth/reset-password, and the link works once', async () => {
    const first = await e2e.openPage('/auth');
    const email = await signUpAndIn(first, 'Hugo Bernard', 'jardin-secret');

    const page = await e2e.openPage('/auth');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText(`Si un compte existe pour ${email}`).waitFor();
    await screenshots(page, 'account-forgotten-password');

    const mail = await eventually(
      async () => smtp.messages.find((message) => message.to.includes(email)),
      (found) => found !== undefined,
      20_000,
    );
    const token = /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();

    await page.goto(`/auth/reset-password?token=${token}`);
    await page.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
    await screenshots(page, 'account-reset-password');
    await page.locator('#field-password').fill('reset-secret');
    await page.locator('#field-confirmPassword').fill('reset-secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Connectez-vous avec votre nouveau mot de passe.').waitFor();
    await signIn(page, email, 'reset-secret');
    await signedIn(page);

    const again = await e2e.openPage(`/auth/reset-password?token=${token}`);
    await again.locator('#field-password').fill('another-secret');
    await again.locator('#field-confirmPassword').fill('another-secret');
    await again.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await again.getByText('Lien invalide ou expiré').waitFor();
    await again.getByRole('link', { name: 'Nouveau lien' }).waitFor();
  });
});
