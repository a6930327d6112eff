import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, gotoShop, MOBILE, screenshot, startE2eShop, type E2eShop } from './e2e-shop.js';

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_info_pages');
});

afterAll(async () => {
  await e2e?.stop();
});

/** Every information and legal page with its `h1` in French and in English. */
const PAGES = [
  { path: '/support', fr: 'Centre de support', en: 'Support center' },
  { path: '/contact', fr: 'Contactez-nous', en: 'Contact us' },
  { path: '/help', fr: "Centre d'aide", en: 'Help center' },
  { path: '/affiliate', fr: "Programme d'affiliation", en: 'Affiliate programme' },
  { path: '/blog', fr: 'Le blog', en: 'The blog' },
  { path: '/suggest-service', fr: 'Suggérer un service', en: 'Suggest a service' },
  { path: '/become-partner', fr: 'Devenir partenaire', en: 'Become a partner' },
  { path: '/about', fr: 'À propos de nous', en: 'About us' },
  { path: '/story', fr: 'Notre histoire', en: 'Our story' },
  { path: '/terms', fr: 'Conditions générales de vente', en: 'Terms of service', legal: true },
  { path: '/privacy', fr: 'Politique de confidentialité', en: 'Privacy policy', legal: true },
  { path: '/copyright', fr: "Droits d'auteur", en: 'Copyright', legal: true },
  { path: '/refund-policy', fr: 'Politique de remboursement', en: 'Refund policy', legal: true },
  {
    path: '/aml-policy',
    fr: 'Politique de lutte contre le blanchiment',
    en: 'Anti-money-laundering policy',
    legal: true,
  },
  { path: '/terms-of-use', fr: "Conditions d'utilisation", en: 'Terms of use', legal: true },
  { path: '/gdpr', fr: 'RGPD', en: 'GDPR', legal: true },
  { path: '/cookies', fr: 'Cookies', en: 'Cookies', legal: true },
] as const;

const SCREENSHOT_PATHS = [
  '/support',
  '/contact',
  '/help',
  '/affiliate',
  '/blog',
  '/become-partner',
  '/suggest-service',
  '/about',
  '/story',
  '/terms',
  '/cookies',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const pageTitle = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The form's POST was accepted (201), carried an idempotency key and exactly `body`. */
function expectCreated(response: Response, body: unknown): void {
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(UUID);
  expect(response.request().postDataJSON()).toEqual(body);
}

/** Clicks `button` and answers the POST to `path` it causes. */
async function submitAndWaitFor(page: Page, path: string, submit: () => Promise<void>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (response) => new URL(response.url()).pathname === path && response.request().method() === 'POST',
    ),
    submit(),
  ]);
  return response;
}

describe('the information and legal pages in a browser', () => {
  it('shows the heading of every page in French, then in English', async () => {
    const page = await e2e.openPage('/support');
    for (const { path, fr, ...rest } of PAGES) {
      await page.goto(path);
      await pageTitle(page, fr).waitFor();
      if ('legal' in rest) {
        await page.getByText('Dernière mise à jour : 20 juillet 2025').waitFor();
        expect(await page.title()).toBe(`${fr} · PremiumShare`);
      }
    }
    // English is under /en/, whatever the visitor chose before: one address per language.
    for (const { path, en, ...rest } of PAGES) {
      await page.goto(`/en${path}`);
      await pageTitle(page, en).waitFor();
      if ('legal' in rest) await page.getByText('Last updated: 20 July 2025').waitFor();
    }
  });

  it('filters the support FAQ and says when nothing matches', async () => {
    const page = await e2e.openPage('/support');
    const faq = page.getByRole('region', { name: 'Questions fréquentes' });
    await expect.poll(() => faq.getByRole('listitem').count()).toBe(4);

    const search = page.getByLabel('Rechercher dans la FAQ');
    await search.fill('PAIEMENTS');
    await expect.poll(() => faq.getByRole('listitem').count()).toBe(1);
    await faq.getByRole('heading', { name: 'Mes paiements sont-ils sécurisés ?' }).waitFor();

    // A word found only in an answer counts too.
    await search.fill('appareils');
    await expect.poll(() => faq.getByRole('listitem').count()).toBe(1);
    await faq.getByRole('heading', { name: "Puis-je partager mes identifiants avec d'autres personnes ?" }).waitFor();

    await search.fill('xyz');
    await faq.getByText('Aucun résultat pour « xyz »').waitFor();
    expect(await faq.getByRole('listitem').count()).toBe(0);

    // The live chat is not open yet: its window hands the visitor over to the message form.
    await page.getByRole('button', { name: 'Démarrer le chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat en direct' });
    await chat.getByText('Notre équipe est disponible', { exact: false }).waitFor();
    await chat.getByRole('button', { name: 'Écrire au support' }).click();
    await chat.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id')).toBe('field-email');

    await gotoShop(page, '/en/support');
    await page.getByLabel('Search the FAQ').fill('xyz');
    await page.getByText('No results found for "xyz"').waitFor();

    // The dead buttons of the seeds lead to the help center.
    await page.getByRole('link', { name: 'View all FAQ' }).click();
    await page.waitForURL(/\/help$/);
    await pageTitle(page, 'Help center').waitFor();
  });

  it('refuses an incomplete support message, then stores a valid one and clears the form', async () => {
    const page = await e2e.openPage('/support');
    const form = page.getByRole('region', { name: 'Envoyer un message' });
    const send = form.getByRole('button', { name: 'Envoyer le message' });

    await send.click();
    await page.getByText('Veuillez remplir tous les champs obligatoires.').waitFor();
    await form.getByText('Ce champ est obligatoire.').first().waitFor();
    await screenshot(page, 'info-support-invalid', false);

    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('lea.martin@example.com');
    await form.getByLabel('Catégorie').selectOption('payment');
    await form.getByLabel('Sujet').fill('Facture de mars');
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Bonjour, pouvez-vous me renvoyer ma facture de mars ? Merci.');
    const response = await submitAndWaitFor(page, '/api/support/messages', () => send.click());
    expectCreated(response, {
      email: 'lea.martin@example.com',
      category: 'payment',
      subject: 'Facture de mars',
      message: 'Bonjour, pouvez-vous me renvoyer ma facture de mars ? Merci.',
    });
    expect(await response.json()).toMatchObject({ id: expect.any(String), status: expect.any(String) });

    await page.getByText('Votre message a bien été envoyé. Nous vous répondrons rapidement.').waitFor();
    await expect.poll(() => form.getByLabel('Sujet').inputValue()).toBe('');
    expect(await form.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe('');
  });

  it("records a support message in the language chosen in the shop, not the browser's", async () => {
    // A French browser, whose visitor switches the shop to English before writing.
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, locale: 'fr-FR', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await gotoShop(page, '/support');
      await pageTitle(page, 'Centre de support').waitFor();
      await page
        .getByRole('banner')
        .getByRole('group', { name: 'Langue' })
        .getByRole('button', { name: 'English' })
        .click();
      const form = page.getByRole('region', { name: 'Send a message' });
      await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('sam.taylor@example.com');
      await form.getByLabel('Category').selectOption('account');
      await form.getByLabel('Subject').fill('Change of address');
      await form
        .getByRole('textbox', { name: 'Message', exact: true })
        .fill('Hello, how do I change my e-mail address?');
      const response = await submitAndWaitFor(page, '/api/support/messages', () =>
        form.getByRole('button', { name: 'Send message' }).click(),
      );
      expect(response.status()).toBe(201);
      expect(response.request().headers()['accept-language']).toMatch(/^fr/);
      const { id } = (await response.json()) as { id: string };
      const [received] = await e2e.shop.runtime.store.readStream(`inquiry-${id}`);
      expect(received).toMatchObject({ type: 'InquiryReceived', data: { kind: 'support', language: 'en' } });
      await page.getByText('Your message has been sent successfully. We will respond soon.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends the contact form to support with the name and the category other', async () => {
    const page = await e2e.openPage('/contact');
    await page.getByLabel('Nom complet').fill('Léa Martin');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('lea.martin@example.com');
    await page.getByLabel('Sujet').fill('Une question');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Proposez-vous des cartes cadeaux pour offrir un abonnement ?');
    const response = await submitAndWaitFor(page, '/api/support/messages', () =>
      page.getByRole('button', { name: 'Envoyer', exact: true }).click(),
    );
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ name: 'Léa Martin', category: 'other' });
    await page.getByText('Message envoyé !').waitFor();
  });

  it('checks the affiliate form, then sends it and empties it', async () => {
    const page = await e2e.openPage('/affiliate');
    const form = page.getByRole('region', { name: 'Rejoindre le programme' });
    const submit = form.getByRole('button', { name: 'Envoyer ma candidature' });

    await submit.click();
    await form.getByText('Choisissez au moins une méthode de promotion.').waitFor();
    await form.getByText('Choisissez votre volume de trafic.').waitFor();
    await form.getByText('Ce champ est obligatoire.').first().waitFor();

    await form.getByLabel('Nom complet').fill('Hugo Bernard');
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('hugo@example.com');
    await form.getByLabel('Site web').fill('mon-blog');
    await form.getByLabel('Visiteurs par mois').selectOption('5000-10000');
    await form.getByLabel('YouTube').check();
    await form.getByLabel('Blog', { exact: true }).check();
    await form.getByLabel('Votre expérience').fill('Deux ans de liens affiliés sur mon blog tech.');
    await form.getByLabel('Votre motivation').fill('Mes lecteurs cherchent à payer moins.');
    await submit.click();
    await form.getByText('Saisissez une adresse commençant par http:// ou https://.').waitFor();
    await screenshot(page, 'info-affiliate-invalid', false);

    await form.getByLabel('Site web').fill('https://mon-blog.example.com');
    const response = await submitAndWaitFor(page, '/api/affiliate-requests', () => submit.click());
    expectCreated(response, {
      name: 'Hugo Bernard',
      email: 'hugo@example.com',
      website: 'https://mon-blog.example.com',
      trafficVolume: '5000-10000',
      promotionMethods: ['blog', 'youtube'],
      experience: 'Deux ans de liens affiliés sur mon blog tech.',
      motivation: 'Mes lecteurs cherchent à payer moins.',
    });
    await page.getByText('Demande envoyée !').waitFor();
    await page.getByText('Nous vous contacterons sous 24 heures.').waitFor();
    await expect.poll(() => form.getByLabel('Nom complet').inputValue()).toBe('');
    expect(await form.getByLabel('YouTube').isChecked()).toBe(false);
  });

  it('sends a service suggestion', async () => {
    const page = await e2e.openPage('/suggest-service');
    await page.getByLabel('Service souhaité').fill('Crunchyroll Premium, pour les animés.');
    const response = await submitAndWaitFor(page, '/api/service-suggestions', () =>
      page.getByRole('button', { name: 'Envoyer la suggestion' }).click(),
    );
    expect(response.status()).toBe(201);
    // The optional e-mail left empty is not sent at all.
    expect(response.request().postDataJSON()).toEqual({ suggestion: 'Crunchyroll Premium, pour les animés.' });
    await page.getByText('Suggestion envoyée !').waitFor();
    await expect.poll(() => page.getByLabel('Service souhaité').inputValue()).toBe('');
  });

  it('expands one blog article at a time and opens a help article', async () => {
    const page = await e2e.openPage('/blog');
    const readMore = page.getByRole('button', { name: 'Lire la suite' });
    await expect.poll(() => readMore.count()).toBe(3);
    await readMore.first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Réduire' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Lire la suite' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Réduire' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Réduire' }).getAttribute('aria-controls')).toBe(
      'article-security-content',
    );

    await gotoShop(page, '/help');
    await page.getByRole('button', { name: 'Demander un remboursement' }).click();
    await page.getByText(/sous 3 à 5\sjours ouvrés/).waitFor();
    await page.getByLabel('Rechercher un article').fill('introuvable');
    await page.getByText('Aucun résultat', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Contacter le support' }).click();
    await page.waitForURL(/\/support#contact-form$/);
    await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id')).toBe('field-email');
  });

  it('takes screenshots of the pages on a desktop and on a 375 px phone', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [MOBILE, 'mobile'],
    ] as const) {
      const page = await e2e.openPage('/support', viewport);
      for (const path of SCREENSHOT_PATHS) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // No page may scroll sideways on a phone.
        expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `info${path.replace('/', '-')}-${suffix}`);
      }
    }
  });
});
