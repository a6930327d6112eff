import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { exportStreamId } from '@shop/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidSubscription } from '../../services/app/src/testing/paid-subscription.js';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { backOfficeDesk, DESKTOP, MOBILE, screenshot, signUpCustomer, type E2eShop } from './e2e-shop.js';

// The figures read the projections, which follow the log.
const desk = backOfficeDesk('dashboard', {
  read: async (page: Page) =>
    (await (await page.request.get('/api/admin/stats')).json()) as { subscriptions: { total: number } },
  accept: (stats) => stats.subscriptions?.total === 3,
});
const ALICE = { email: 'alice.dupont@example.com', fullName: 'Alice Dupont' };
const BRUNO = { email: 'bruno.leroy@example.com', fullName: 'Bruno Leroy' };
const DAY = 24 * 3600_000;

let e2e: E2eShop;
/** Alice's two active Netflix subscriptions, waiting for credentials; Bruno's expired one. */
const subscriptions: { first: string; second: string; expired: string } = { first: '', second: '', expired: '' };

/**
 * Gives the reason `dialog` asks for (its `button` stays disabled until then), photographs it as
 * `shot` once it settled, confirms and waits for the back-office to say `done`.
 */
async function confirmWithReason(
  page: Page,
  dialog: Locator,
  action: { button: string; reason: string; shot: string; done: string },
) {
  const button = dialog.getByRole('button', { name: action.button });
  expect(await button.isDisabled()).toBe(true);
  await dialog.getByRole('textbox', { name: 'Motif' }).fill(action.reason);
  await expect.poll(() => button.isEnabled()).toBe(true);
  // MUI's dialogs fade in whatever the motion preference: let the picture settle.
  await page.waitForTimeout(500);
  await screenshot(page, action.shot, false);
  await button.click();
  await page.getByText(action.done).waitFor();
}

const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(12, 0, 0, 0);
  return at;
};

beforeAll(async () => {
  e2e = await desk.start();
  const ids: string[] = [];
  for (const customer of [ALICE, BRUNO]) {
    ids.push(await signUpCustomer(e2e, { ...customer, password: 'a good password' }));
  }
  const { store } = e2e.shop.runtime;
  subscriptions.first = (await paidSubscription(store, ids[0]!, inDays(20))).subscriptionId;
  subscriptions.second = (await paidSubscription(store, ids[0]!, inDays(25))).subscriptionId;
  subscriptions.expired = (await paidSubscription(store, ids[1]!, inDays(-5))).subscriptionId;
});

afterAll(async () => {
  await e2e?.stop();
});

/** The operator, signed in on the shop's /auth screen (signed up the first time), in `language`. */
async function operatorPage(viewport = DESKTOP, language: 'fr' | 'en' = 'fr'): Promise<Page> {
  const { page } = await desk.operatorPage(viewport, language);
  return page;
}

const figure = (page: Page, label: string) =>
  page.getByRole('heading', { name: label, exact: true }).locator('xpath=following-sibling::p[1]');

describe('the dashboard and the Subscriptions tab in a browser', () => {
  it('shows the figures and the to-do list in French at 1440 px, and the to-do opens the waiting subscriptions', async () => {
    const page = await operatorPage();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    // The operator and two customers; Alice's two subscriptions are active, Bruno's expired.
    await expect.poll(() => figure(page, 'Utilisateurs').textContent()).toBe('3');
    expect(await figure(page, 'Abonnements actifs').textContent()).toBe('2');
    expect(await figure(page, 'Nouveaux membres (ce mois)').textContent()).toBe('3');
    // 3 × 4,53 € (each a month of Netflix), over 3 users: 4,53 € each.
    expect((await figure(page, 'Revenus totaux').textContent())?.replace(/\s/g, ' ')).toBe('13,59 €');
    expect((await figure(page, 'Revenu par utilisateur').textContent())?.replace(/\s/g, ' ')).toBe('4,53 €');
    const activity = page.getByRole('region', { name: "Taux d'activité" });
    await activity.getByText('66,7 %').waitFor();
    await activity.getByText('Actifs : 2 · expirés : 1').waitFor();
    const financial = page.getByRole('region', { name: 'Indicateurs financiers' });
    // 2 active / 3 users; growth: 3 new / (3 − 3) is a division by zero, so no growth is shown.
    await financial.getByText('66,7 %').waitFor();
    await financial.getByText('—', { exact: true }).first().waitFor();
    expect(await financial.getByText('0 %', { exact: true }).count()).toBe(0);
    await page.getByRole('figure', { name: 'Revenus des 30 derniers jours' }).locator('svg').first().waitFor();
    await page
      .getByRole('figure', { name: 'Nouveaux abonnements (30 derniers jours)' })
      .getByText(/abonnements? sur la période/)
      .waitFor();
    // The work queue: Alice's two subscriptions, paid days ago, are past the 24 hours promised.
    const queue = page.getByRole('region', { name: 'À traiter' });
    await queue.getByRole('link', { name: '2 abonnements attendent leurs identifiants' }).waitFor();
    await queue.getByRole('link', { name: 'dont 2 au-delà des 24 h promises' }).waitFor();
    await queue.getByText('0 nouvelle demande').waitFor();
    // The menu's entry counts the work waiting.
    await page.getByRole('menuitem', { name: 'Tableau de bord (2 éléments à traiter)' }).waitFor();
    await screenshot(page, 'dashboard-fr-desktop');

    // "Au…": the figures as they stood before anyone signed up, read from the log; then back to now.
    const asOf = page.getByRole('search', { name: 'Au…' });
    await asOf.getByLabel('Au…').fill('2020-01-01T00:00:00');
    await asOf.getByRole('button', { name: 'Afficher' }).click();
    await asOf
      .getByRole('status')
      .getByText(/Chiffres tels qu’ils étaient le 1 janvier 2020/)
      .waitFor();
    await expect.poll(() => figure(page, 'Utilisateurs').textContent()).toBe('0');
    expect(await figure(page, 'Abonnements actifs').textContent()).toBe('0');
    await asOf.getByRole('button', { name: 'Revenir à maintenant' }).click();
    await expect.poll(() => figure(page, 'Utilisateurs').textContent()).toBe('3');

    await queue.getByRole('link', { name: '2 abonnements attendent leurs identifiants' }).click();
    await page.waitForURL(/\/admin\/subscriptions\?.*filter=/);
    const url = new URL(page.url());
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({
      status: 'active',
      hasCredentials: false,
      expiresAfter: expect.any(String),
    });
    const table = page.getByRole('table');
    await expect.poll(() => table.getByRole('row').filter({ hasText: ALICE.email }).count()).toBe(2);
  });

  it('changes a status with a reason, voids another after confirmation, exports the list, in French at 1440 px', async () => {
    const page = await operatorPage();
    await page.goto('/admin/subscriptions');
    const counters = page.getByRole('region', { name: 'Abonnements en chiffres' });
    await expect.poll(() => counters.textContent()).toBe('Total3Avec identifiants0Sans identifiants3Actifs2');
    const table = page.getByRole('table');
    const rows = table.getByRole('row').filter({ hasText: ALICE.email });
    await expect.poll(() => rows.count()).toBe(2);
    // Names, not identifiers.
    await rows.first().getByText(ALICE.fullName).waitFor();
    await screenshot(page, 'subscriptions-fr-desktop');

    // Status change: the allowed statuses only, a reason required.
    await rows.first().getByRole('button', { name: 'Changer le statut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le statut' });
    await dialog.getByText('Statut actuel : Actif').waitFor();
    for (const status of ['Suspendu', 'Annulé', 'Expiré']) await dialog.getByRole('radio', { name: status }).waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(3);
    await dialog.getByRole('radio', { name: 'Suspendu' }).check();
    await confirmWithReason(page, dialog, {
      button: 'Enregistrer',
      reason: 'Paiement contesté auprès de la banque',
      shot: 'subscriptions-status-dialog-fr-desktop',
      done: 'Statut mis à jour vers Suspendu',
    });
    await dialog.waitFor({ state: 'detached' });
    // It left the to-do list (active without credentials).
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => counters.textContent()).toBe('Total3Avec identifiants0Sans identifiants3Actifs1');

    // Void: the seeds' confirmation, a reason required.
    await rows.first().getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: /Supprimer l'abonnement Netflix/ });
    await confirm.getByText('Êtes-vous sûr de vouloir supprimer cet abonnement ?').waitFor();
    // Paid: voided only when the operator insists, its payment leaving the revenue.
    await confirm.getByRole('checkbox', { name: /Supprimer quand même/ }).check();
    await confirmWithReason(page, confirm, {
      button: 'Supprimer',
      reason: 'Commande enregistrée deux fois',
      shot: 'subscriptions-void-dialog-fr-desktop',
      done: 'Abonnement supprimé',
    });
    await expect.poll(() => rows.count()).toBe(0);
    await expect.poll(() => counters.textContent()).toBe('Total2Avec identifiants0Sans identifiants2Actifs0');

    // Every status: the suspended one and Bruno's; the search finds by name.
    await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{}')}`);
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('leroy');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('row').filter({ hasText: BRUNO.fullName }).waitFor();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill('');
    await expect.poll(() => table.getByRole('row').count()).toBe(3);

    // A counter shows what it counts: none has credentials yet; the total shows them all again.
    const withCredentials = counters.getByRole('button', { name: /Avec identifiants/ });
    await withCredentials.click();
    await expect.poll(() => withCredentials.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => table.count()).toBe(0);
    await counters.getByRole('button', { name: /Total/ }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);

    // The export: recorded first (who, which list, the filters by name, how many rows), then the file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(csv).toContain('Bruno Leroy');
    expect(csv).toContain('Paiement contesté auprès de la banque');
    expect(csv).toContain(subscriptions.second);
    expect(csv).not.toContain(subscriptions.first);
    const exported = await eventually(
      () => e2e.shop.runtime.store.readStream(exportStreamId(new Date())),
      (events) => events.length > 0,
    );
    expect(exported.at(-1)).toMatchObject({ type: 'DataExported', data: { resource: 'subscriptions', rowCount: 2 } });
  });

  it('shows the Credentials tab counters', async () => {
    const page = await operatorPage();
    for (const [planId, email] of [
      ['netflix', 'Famille@netflix-shared.example'],
      ['netflix', 'famille@netflix-shared.example'],
      ['spotify', 'duo@spotify-shared.example'],
    ]) {
      const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
      const reply = await page.request.post('/api/admin/credentials', {
        data: { planId, email, password: 'Un-mot-de-passe-long' },
        headers: { 'X-CSRF-Token': csrf },
      });
      expect(reply.status()).toBe(201);
    }
    await page.goto('/admin/credentials');
    const counters = page.getByRole('region', { name: 'Identifiants en chiffres' });
    await expect
      .poll(() => counters.textContent())
      .toBe('Identifiants enregistrés3Plans distincts2E-mails de connexion distincts2');
    await screenshot(page, 'credentials-counters-fr-desktop');
  });

  it('reads in English at 1440 px', async () => {
    const page = await operatorPage(DESKTOP, 'en');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(() => figure(page, 'Users').textContent()).toBe('3');
    await page.getByRole('region', { name: 'Activity rate' }).waitFor();
    await page.getByRole('figure', { name: 'Revenue, last 30 days' }).waitFor();
    const queue = page.getByRole('region', { name: 'To handle' });
    await queue.getByText('0 subscriptions waiting for their credentials').waitFor();
    await page.getByText('No background job has failed.').waitFor();
    await screenshot(page, 'dashboard-en-desktop');

    // A job that used its attempts (here an expiry timer the database refused six times) is counted.
    const { knex } = e2e.shop.runtime;
    const failedJob = {
      id: 'dashboard-failed-job',
      name: 'expire-subscription',
      data: JSON.stringify({ subscriptionId: subscriptions.first }),
      run_at: new Date(),
      status: 'failed',
      attempts: 6,
      last_error: 'the database was away',
      finished_at: new Date(),
    };
    await knex('queued_jobs').insert(failedJob);
    try {
      await page.reload();
      await page.getByText(/1 background job failed \(an e-mail, a payment notice or an expiry\)/).waitFor();
    } finally {
      await knex('queued_jobs').where({ id: failedJob.id }).delete();
    }
    await page.goto('/admin/subscriptions');
    await page.getByRole('region', { name: 'Subscriptions in figures' }).waitFor();
    await screenshot(page, 'subscriptions-en-desktop');
  });

  for (const language of ['fr', 'en'] as const) {
    it(`fits a 375 px phone in ${language === 'fr' ? 'French' : 'English'}: the dashboard and the list as a simple list`, async () => {
      const page = await operatorPage(MOBILE, language);
      await page.goto('/admin');
      await page
        .getByRole('heading', { name: language === 'fr' ? 'Tableau de bord' : 'Dashboard', level: 1 })
        .waitFor();
      await page.getByRole('figure').first().locator('svg').first().waitFor();
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `dashboard-${language}-mobile`);

      await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{}')}`);
      // react-admin's SimpleList: one link per subscription, no table.
      await page.getByRole('link', { name: new RegExp(BRUNO.fullName) }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      const listOverflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(listOverflow).toBeLessThanOrEqual(0);
      await screenshot(page, `subscriptions-${language}-mobile`);

      await page.getByRole('link', { name: new RegExp(BRUNO.fullName) }).click();
      await page.waitForURL(/\/show$/);
      await page.getByRole('button', { name: language === 'fr' ? 'Changer le statut' : 'Change status' }).waitFor();
      await screenshot(page, `subscription-show-${language}-mobile`);
    });
  }
});

/** What the back-office says, in each language, around a reply. */
const REPLY_WORDS = {
  fr: {
    dashboard: 'Tableau de bord',
    queue: 'À traiter',
    newInquiry: '1 nouvelle demande',
    noNewInquiry: '0 nouvelle demande',
    thread: 'Échanges',
    field: 'Votre réponse',
    send: 'Envoyer la réponse',
    sent: 'Réponse envoyée à',
    inProgress: 'En cours',
  },
  en: {
    dashboard: 'Dashboard',
    queue: 'To handle',
    newInquiry: '1 new inquiry',
    noNewInquiry: '0 new inquiries',
    thread: 'Conversation',
    field: 'Your reply',
    send: 'Send the reply',
    sent: 'Reply sent to',
    inProgress: 'In progress',
  },
} as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules axe-core finds broken on the page as it stands, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate<string[]>(
    `window.axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
      .then((result) => result.violations.map((v) => v.id + ': ' + v.nodes.slice(0, 2).map((n) => n.html.slice(0, 160)).join(', ')))`,
  );
}

const pageOverflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

describe('the work queue leads to a new inquiry, answered from its page', () => {
  for (const [language, viewport, size] of [
    ['fr', DESKTOP, 'desktop'],
    ['en', DESKTOP, 'desktop'],
    ['fr', MOBILE, 'mobile'],
    ['en', MOBILE, 'mobile'],
  ] as const) {
    it(`in ${language === 'fr' ? 'French' : 'English'} at ${viewport.width} px`, async () => {
      const words = REPLY_WORDS[language];
      const visitor = `visitor-${language}-${size}@example.com`;
      const subject = `Où sont mes identifiants (${language}, ${size}) ?`;
      const sent = await fetch(`${e2e.shop.url}/api/support/messages?lang=${language}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: visitor,
          name: 'Dominique Visiteur',
          category: 'subscriptions',
          subject,
          message: 'J’ai payé hier et je n’ai toujours rien reçu.\nMerci de regarder.',
        }),
      });
      expect(sent.status).toBe(201);
      const inquiryId = ((await sent.json()) as { id: string }).id;

      // The inquiries read model follows the log: the queue counts it once projected.
      await eventually(
        () => e2e.shop.runtime.knex('inquiries').where({ id: inquiryId }).first(),
        (row) => row !== undefined,
      );
      const page = await operatorPage(viewport, language);
      await page.goto('/admin');
      await page.getByRole('heading', { name: words.dashboard, level: 1 }).waitFor();
      const queue = page.getByRole('region', { name: words.queue });
      const newInquiries = queue.getByRole('link', { name: words.newInquiry });
      await newInquiries.waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `work-queue-${language}-${size}`);
      expect(await axeViolations(page)).toEqual([]);

      await newInquiries.click();
      await page.waitForURL(/\/admin\/inquiries\?.*filter=/);
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ status: 'new' });
      await page.getByText(subject).first().click();
      await page.waitForURL(new RegExp(`/admin/inquiries/${inquiryId}/show$`));

      const thread = page.getByRole('region', { name: words.thread });
      await thread.getByText('J’ai payé hier et je n’ai toujours rien reçu.', { exact: false }).waitFor();
      const reply = `Bonjour Dominique, vos identifiants sont dans votre espace (${language}, ${size}).`;
      await thread.getByRole('textbox', { name: words.field }).fill(reply);
      await thread.getByRole('button', { name: words.send }).click();
      await page.getByText(`${words.sent} ${visitor}`).waitFor();
      await thread.getByText(reply).waitFor();
      await thread.getByText(desk.operator.name).waitFor();
      // The first reply took the inquiry up.
      await page.getByText(words.inProgress, { exact: true }).first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `inquiry-reply-${language}-${size}`);
      expect(await axeViolations(page)).toEqual([]);

      // Recorded on the inquiry with its author, and e-mailed from the log.
      const replied = (await e2e.shop.runtime.store.readStream(`inquiry-${inquiryId}`)).find(
        (event) => event.type === 'InquiryReplied',
      );
      expect(replied?.metadata).toMatchObject({ actor: { type: 'admin' } });
      await eventually(
        () => e2e.shop.runtime.knex('sent_emails').where({ id: replied!.id }).first(),
        (row) => row !== undefined,
      );

      await page.goto('/admin');
      await page.getByRole('region', { name: words.queue }).getByText(words.noNewInquiry).waitFor();
    });
  }
});
