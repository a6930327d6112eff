import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import {
  askForAccessNow,
  DESKTOP,
  fitsWidth,
  MOBILE,
  operatorPage,
  profileShows,
  screenshot,
  signUpAndIn,
  startBackOfficeShop,
  type E2eShop,
} from './e2e-shop.js';

/** The operator the back-office part signs in as (made admin by the shop's ADMIN_EMAILS). */
const OPERATOR = {
  name: 'Camille Opérations',
  email: 'renewals.desk@premium-share.example',
  password: 'jardin-secret',
};
/** How long before the expiry the kept card is charged (RENEWAL_LEAD_HOURS's default). */
const LEAD_MS = 72 * 3_600_000;

let e2e: E2eShop;
/** The French customer's subscription, renewing itself once the journey is over; the back-office reads it. */
let frenchSubscriptionId = '';

beforeAll(async () => {
  // One shop for the customers and the operator; the sandbox sends the browser back to its address.
  e2e = await startBackOfficeShop('e2e_automatic_renewal', OPERATOR.email);
});

afterAll(async () => {
  await e2e?.stop();
});

/** The sandbox's two test cards, and the kept one as the profile names it: the same in every language. */
const CARD_4242 = /^4242 4242 4242 4242/;
const CARD_0341 = /^4000 0000 0000 0341/;
const KEPT_METHOD = '(Visa •••• 4242)';

/** What the customer reads and presses, in each language. */
const WORDS = {
  fr: {
    locale: 'fr-FR',
    customer: 'Hélène Dubois',
    renewAutomatically: 'Renouveler automatiquement',
    pay: /^Payer/,
    kept: 'Cette carte sera enregistrée pour le renouvellement automatique.',
    paid: 'Paiement confirmé avec succès!',
    access: 'Accéder',
    amount: /4,53\s€/,
    auto: (date: string) => `Renouvellement automatique le ${date} : `,
    autoBefore: (date: string) => `Renouvellement automatique avant le ${date}`,
    switchName: /^Renouvellement automatique/,
    stops: "Le renouvellement automatique s'arrête : plus rien ne sera prélevé sur Visa •••• 4242.",
    confirmCancel: 'Confirmer la résiliation',
    cancelled: (date: string) => `Résilié — accès jusqu'au ${date}`,
    cancelDone: (date: string) => `Abonnement résilié : vous gardez l'accès jusqu'au ${date}.`,
    backOn: 'Renouvellement automatique réactivé.',
  },
  en: {
    locale: 'en-GB',
    customer: 'Oliver Bennett',
    renewAutomatically: 'Renew automatically',
    pay: /^Pay/,
    kept: 'This card will be saved for automatic renewal.',
    paid: 'Payment confirmed successfully!',
    access: 'Access',
    amount: /€4\.53/,
    auto: (date: string) => `Automatic renewal on ${date}: `,
    autoBefore: (date: string) => `Automatic renewal before ${date}`,
    switchName: /^Automatic renewal/,
    stops: 'Automatic renewal stops: Visa •••• 4242 will not be charged again.',
    confirmCancel: 'Confirm cancellation',
    cancelled: (date: string) => `Cancelled — access until ${date}`,
    cancelDone: (date: string) => `Subscription cancelled: you keep access until ${date}.`,
    backOn: 'Automatic renewal turned back on.',
  },
} as const;

type Language = keyof typeof WORDS;

interface MySubscription {
  id: string;
  status: string;
  expiresAt: string | null;
  autoRenew: boolean;
  cancelledAt: string | null;
}

/** The customer's only subscription as the API lists it. */
async function mySubscription(page: Page): Promise<MySubscription> {
  const list = (await (await page.request.get('/api/me/subscriptions')).json()) as { data: MySubscription[] };
  return list.data[0]!;
}

/** A MUI dialog or toast fades in: shown once its transitions are over. */
const settled = (page: Page) =>
  page.evaluate('Promise.allSettled(document.getAnimations().map((animation) => animation.finished))');

/**
 * Saves `automatic-renewal-<name>.png`; a whole page is taken from its top, so the sticky header and the
 * floating buttons stand where a reader arriving on it sees them.
 */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, `automatic-renewal-${name}`, fullPage);
}

/**
 * A new customer in `language` orders a month of Netflix with "renew automatically" ticked, and pays
 * it on the sandbox's page with the 4242 card (kept, later charges succeed). Leaves the page on the
 * success page; answers the page and how dates read in that language.
 */
async function buyRenewingMonth(language: Language, viewport: { width: number; height: number }) {
  const words = WORDS[language];
  const tag = `${language}-${viewport.width}`;
  // Signed up on the desktop layout, whose header shows the profile link the helper waits for.
  const page = await e2e.openPage('/auth', DESKTOP);
  await signUpAndIn(page, words.customer);
  await page.evaluate(`window.localStorage.setItem('shop.language', '${language}')`);
  await page.setViewportSize(viewport);

  await page.goto('/checkout/netflix?months=1');
  const renewBox = page.getByRole('checkbox', { name: words.renewAutomatically });
  expect(await renewBox.isChecked()).toBe(false);
  await renewBox.check();
  expect(await renewBox.isChecked()).toBe(true);
  await askForAccessNow(page);
  await shot(page, `${tag}-1-checkout`);
  await fitsWidth(page, viewport.width);

  // The order asks the sandbox to keep the card; its page offers both test cards, the first chosen.
  const ordered = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders',
  );
  await page.getByRole('button', { name: words.pay }).click();
  expect((await ordered).postDataJSON()).toMatchObject({
    planId: 'netflix',
    months: 1,
    autoRenew: true,
    immediateAccess: true,
  });
  await page.waitForURL(/\/sandbox\/checkout\//);
  const card4242 = page.getByRole('radio', { name: CARD_4242 });
  const card0341 = page.getByRole('radio', { name: CARD_0341 });
  await card0341.waitFor();
  await page.getByText(words.kept).waitFor();
  // Shown with the other card chosen first, then the one that keeps paying, as a customer would.
  await card0341.check();
  await card4242.check();
  expect(await card4242.isChecked()).toBe(true);
  expect(await card0341.isChecked()).toBe(false);
  await shot(page, `${tag}-2-sandbox`);
  await fitsWidth(page, viewport.width);
  await page.getByRole('button', { name: words.pay }).first().click();
  await page.getByRole('heading', { name: words.paid }).waitFor();
  await shot(page, `${tag}-3-success`);

  const day = (date: Date | string) =>
    new Intl.DateTimeFormat(words.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
  return { page, day };
}

/** The profile's card says it renews itself: the next charge's date (the lead before the expiry), amount and card. */
async function profileRenewsAutomatically(page: Page, language: Language, day: (date: Date | string) => string) {
  const words = WORDS[language];
  await profileShows(page, words.access);
  const subscription = await eventually(
    () => mySubscription(page),
    (found) => found.status === 'active' && found.autoRenew && found.expiresAt !== null,
  );
  const nextCharge = day(new Date(new Date(subscription.expiresAt!).getTime() - LEAD_MS));
  const item = await profileShows(page, words.auto(nextCharge));
  const line = item.getByTestId('subscription-renewal');
  expect(await line.innerText()).toMatch(words.amount);
  expect(await line.innerText()).toContain(KEPT_METHOD);
  const toggle = item.getByRole('switch', { name: words.switchName });
  expect(await toggle.isChecked()).toBe(true);
  return { item, toggle, subscription, nextCharge };
}

describe('automatic renewal, chosen at checkout and handled from the profile', () => {
  it('in French at 1440 px: ticks it, pays with the 4242 card, turns it off and back on', async () => {
    const words = WORDS.fr;
    const { page, day } = await buyRenewingMonth('fr', DESKTOP);
    const { item, toggle, subscription, nextCharge } = await profileRenewsAutomatically(page, 'fr', day);
    frenchSubscriptionId = subscription.id;
    const endsOn = day(subscription.expiresAt!);
    await shot(page, 'fr-1440-4-profile-on');

    // Off is a cancellation: confirmed in its dialog, which says the card will not be charged again.
    await toggle.click();
    const cancel = page.getByRole('dialog');
    await cancel.getByText(endsOn).waitFor();
    await cancel.getByText(words.stops).waitFor();
    await settled(page);
    await shot(page, 'fr-1440-5-cancel-dialog', false);
    await cancel.getByRole('button', { name: words.confirmCancel }).click();
    await page.getByText(words.cancelDone(endsOn)).waitFor();
    await item.getByText(words.cancelled(endsOn)).waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(await item.innerText()).not.toContain(words.auto(nextCharge));
    await settled(page);
    await shot(page, 'fr-1440-6-profile-off');
    // The API reads the projection, which may trail the answer the profile showed at once.
    const off = await eventually(
      () => mySubscription(page),
      (found) => !found.autoRenew,
    );
    expect(off.status).toBe('active');
    expect(off.cancelledAt).not.toBeNull();

    // Back on with the kept card: at once it renews before its expiry; read again, the next charge shows.
    await toggle.click();
    await page.getByText(words.backOn).waitFor();
    await item.getByText(words.autoBefore(endsOn)).waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await item.getByText(words.cancelled(endsOn)).count()).toBe(0);
    await settled(page);
    await shot(page, 'fr-1440-7-profile-back-on');
    const again = await profileShows(page, words.auto(nextCharge));
    expect(await again.getByTestId('subscription-renewal').innerText()).toMatch(words.amount);
    expect(await again.getByRole('switch', { name: words.switchName }).isChecked()).toBe(true);
    await shot(page, 'fr-1440-8-profile-next-charge');
    expect(
      await eventually(
        () => mySubscription(page),
        (found) => found.autoRenew,
      ),
    ).toMatchObject({
      cancelledAt: null,
    });
  });

  it('in English at 375 px: the box on the plan’s checkout and the profile fit the phone', async () => {
    const { page, day } = await buyRenewingMonth('en', MOBILE);
    await profileRenewsAutomatically(page, 'en', day);
    await shot(page, 'en-375-4-profile-on');
    await fitsWidth(page, MOBILE.width);
  });

  it('in the back-office at 1440 px: the list’s columns and filter, and the subscription’s renewal card', async () => {
    expect(frenchSubscriptionId, 'the French journey above made the subscription read here').not.toBe('');
    const { page } = await operatorPage(e2e, OPERATOR, DESKTOP, 'fr');
    // The back-office reads the projections, which follow the log.
    const filtered = `/api/admin/subscriptions?filter=${encodeURIComponent('{"autoRenew":true}')}`;
    await eventually(
      async () => (await (await page.request.get(filtered)).json()) as { id: string }[],
      // Both customers' subscriptions renew automatically.
      (rows) => Array.isArray(rows) && rows.length === 2 && rows.some((row) => row.id === frenchSubscriptionId),
    );

    await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{"autoRenew":true}')}`);
    const row = page.getByRole('row', { name: /Hélène Dubois/ });
    await row.waitFor();
    await page.getByRole('columnheader', { name: 'Renouvellement auto.' }).waitFor();
    await page.getByRole('columnheader', { name: 'Renouvellements' }).waitFor();
    await row.getByText('Automatique', { exact: true }).waitFor();
    // When it is charged next, under its chip.
    await row.getByText(/^Prélevé le \d{2}\/\d{2}\/\d{4}$/).waitFor();
    // Both customers renew automatically: the filter keeps them, and nothing else.
    await page.getByRole('row', { name: /Oliver Bennett/ }).waitFor();
    expect(await page.getByText('Manuel', { exact: true }).count()).toBe(0);
    await fitsWidth(page, DESKTOP.width);
    await shot(page, 'back-office-1440-1-list');

    // Set to "Manuel", the filter lets it go.
    const manualListed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/subscriptions' && response.ok(),
    );
    await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{"autoRenew":false}')}`);
    const manual = (await (await manualListed).json()) as { id: string }[];
    expect(manual.map((subscription) => subscription.id)).not.toContain(frenchSubscriptionId);
    await page.getByRole('combobox', { name: 'Renouvellement auto.' }).getByText('Manuel').waitFor();
    expect(await page.getByRole('row', { name: /Hélène Dubois/ }).count()).toBe(0);

    await page.goto(`/admin/subscriptions/${frenchSubscriptionId}/show`);
    const card = page.getByRole('region', { name: 'Renouvellement automatique' });
    await card.getByText('Visa •••• 4242').waitFor();
    await card.getByText('Automatique', { exact: true }).waitFor();
    await card.getByText('Moyen de paiement enregistré').waitFor();
    await card.getByText('Prochain prélèvement').waitFor();
    await shot(page, 'back-office-1440-2-subscription');
  });
});
