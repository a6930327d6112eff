import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { freePort } from '../../services/app/src/testing/free-port.js';
import { requestJson } from '../../services/app/src/testing/http-customer.js';
import {
  eventually,
  startTestShop,
  turnOnStaffTwoFactor,
  type SignedInPerson,
  type TestShop,
} from '../../services/app/src/testing/test-shop.js';
import { launchChromium } from './browser.js';

/** The built shop under test: `npm run build` writes web-shop/dist; WEB_SHOP_DIR points elsewhere. */
const WEB_SHOP_DIR = path.resolve(
  process.env.WEB_SHOP_DIR ?? fileURLToPath(new URL('../../web-shop/dist/', import.meta.url)),
);
/** The built back-office: `npm run build` writes admin/dist; ADMIN_DIR points elsewhere. */
export const ADMIN_DIR = path.resolve(
  process.env.ADMIN_DIR ?? fileURLToPath(new URL('../../admin/dist/', import.meta.url)),
);
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/**
 * Opens `pathname` and waits until the shop has taken the page over (the User Timing mark it makes
 * then, `shop-interactive`, src/app/screen.tsx). A page the server rendered shows before: what a
 * visitor does meanwhile is kept (early-input.e2e.spec.ts checks it), but a click a test aims at
 * its coordinates could land as the page settles beneath it.
 */
export async function gotoShop(page: Page, pathname: string) {
  const response = await page.goto(pathname);
  // The back-office is an application of its own, without the mark.
  if (pathname.startsWith('/admin')) return response;
  await shopInteractive(page);
  return response;
}

/** Waits for the shop's `shop-interactive` mark in `page` (see `gotoShop`). */
export async function shopInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('shop-interactive').length > 0, undefined, {
    timeout: 15_000,
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export interface E2eShop {
  shop: TestShop;
  browser: Browser;
  /** `http://localhost:<port>`: the address the shop believes it has, so provider redirects come back. */
  baseUrl: string;
  /** A fresh browser context (no stored language, no session) with one page at `path`. */
  openPage(pathname: string, viewport?: { width: number; height: number }): Promise<Page>;
  stop(): Promise<void>;
}

/**
 * The whole shop (API, projectors, jobs, built web shop and back-office) on a fresh database, at a port known
 * in advance, with the five seeded plans projected, and a headless Chromium.
 */
export async function startE2eShop(name: string, env: Record<string, string> = {}): Promise<E2eShop> {
  if (!existsSync(path.join(WEB_SHOP_DIR, 'index.html'))) {
    throw new Error(
      `The built shop is missing (${WEB_SHOP_DIR}): run \`npm run build\` first, or use \`npm run test:e2e\`, which builds it.`,
    );
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const database: TestDatabase = await createTestDatabase(name);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const shop = await startTestShop({
    databaseUrl: database.url,
    env: { PORT: String(port), PUBLIC_URL: baseUrl, WEB_SHOP_DIR, ADMIN_DIR, ...env },
  });
  await eventually(
    async () => ((await (await fetch(`${shop.url}/api/plans`)).json()) as { data?: unknown[] }).data?.length ?? 0,
    (count) => count === 5,
  );
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  return {
    shop,
    browser,
    baseUrl,
    async openPage(pathname, viewport = DESKTOP) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
      contexts.push(context);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await gotoShop(page, pathname);
      return page;
    },
    async stop() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
      await shop.stop();
      await database.drop();
    },
  };
}

/** The shop with its built back-office, the operators `adminEmails` (comma-separated) made admin. */
export async function startBackOfficeShop(name: string, adminEmails: string): Promise<E2eShop> {
  if (!existsSync(path.join(ADMIN_DIR, 'index.html'))) {
    throw new Error(`The built back-office is missing (${ADMIN_DIR}): run \`npm run build\` first.`);
  }
  return startE2eShop(name, { ADMIN_EMAILS: adminEmails });
}

/** Signs `customer` up through the shop's API; answers their account id. */
export async function signUpCustomer(
  e2e: E2eShop,
  customer: { email: string; fullName: string; password: string },
): Promise<string> {
  const reply = await fetch(`${e2e.shop.url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(customer),
  });
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

/** Saves `test-results/screenshots/<name>.png` (git-ignored): the whole page unless `fullPage` is false. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Signs a new customer up and in through the /auth screen (French); answers their e-mail. */
export async function signUpAndIn(
  page: Page,
  name = 'Léa Martin',
  password = 'jardin-secret',
  email = `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
): Promise<string> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Inscription' }).click();
  await page.getByLabel('Email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(password);
  await page.getByLabel('Nom complet').fill(name);
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await page.getByText('Inscription réussie').waitFor();
  await page.locator('#field-password').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('link', { name: 'Mon profil' }).first().waitFor();
  return email;
}

/**
 * Opens the French checkout of `planId` as its purchase dialog leads there, the duration chosen
 * in the address (`?months=`), and waits until that duration is the one selected.
 */
export async function checkoutWithMonths(page: Page, planId: string, months: number): Promise<void> {
  await page.goto(`/checkout/${planId}?months=${months}`);
  await expect.poll(() => page.getByRole('radio', { name: new RegExp(`${months} mois`) }).isChecked()).toBe(true);
}

/**
 * Ticks the checkout's express request for access before the withdrawal period ends, in French or
 * English, which paying needs.
 */
export async function askForAccessNow(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /^(Je demande l'accès immédiat|I ask for access to start now)/ }).check();
}

/** The double-submit token a browser page echoes on writes it makes through `page.request`. */
export const csrfTokenOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';

const operatorsSignedUp = new WeakMap<E2eShop, Map<string, SignedInPerson>>();

/**
 * Staff use two-factor sign-in: `email` (an operator ADMIN_EMAILS made owner, signed up) turns it
 * on through the shop's own routes, with a code computed as an authenticator app would. Turning it
 * on signs the account's other sessions out: `page`, signed in before, signs in again with a code.
 * Answers the operator, whose `secondFactor()` gives the code of each later sign-in.
 */
export async function withTwoFactorOn(
  e2e: E2eShop,
  operator: { email: string; password: string },
  page?: Page,
): Promise<SignedInPerson> {
  const reply = await fetch(`${e2e.shop.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: operator.email, password: operator.password }),
  });
  expect(reply.status).toBe(200);
  const session = (await reply.json()) as { accessToken: string; user: { id: string } };
  const person: SignedInPerson = { email: operator.email, userId: session.user.id, token: session.accessToken };
  await turnOnStaffTwoFactor(e2e.shop, person);
  if (page) await signInWithCode(page, operator, person);
  return person;
}

/** Signs `page` in as `operator` with the next code of their authenticator (the cookies are the browser's). */
async function signInWithCode(page: Page, operator: { email: string; password: string }, person: SignedInPerson) {
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: operator.email, password: operator.password, totpCode: person.secondFactor!() },
  });
  expect(signIn.status()).toBe(200);
}

/**
 * A page signed in as the back-office operator `email` in `language` (react-admin keeps the chosen
 * language in its store): signed up on the shop's /auth screen the first time in this shop (the
 * e-mail is made owner by ADMIN_EMAILS) and two-factor sign-in turned on, as staff must; signed
 * in through the API after, with a second-factor code (the page's request context shares its
 * cookies with the browser). Answers the page and the operator's account id.
 */
export async function operatorPage(
  e2e: E2eShop,
  operator: { name: string; email: string; password: string },
  viewport = DESKTOP,
  language: 'fr' | 'en' = 'fr',
): Promise<{ page: Page; operatorId: string }> {
  const page = await e2e.openPage('/auth', viewport);
  await page.addInitScript(`localStorage.setItem('RaStore.locale', ${JSON.stringify(JSON.stringify(language))})`);
  const known = operatorsSignedUp.get(e2e) ?? new Map<string, SignedInPerson>();
  operatorsSignedUp.set(e2e, known);
  let person = known.get(operator.email);
  if (!person) {
    await signUpAndIn(page, operator.name, operator.password, operator.email);
    person = await withTwoFactorOn(e2e, operator, page);
    known.set(operator.email, person);
  } else {
    await signInWithCode(page, operator, person);
  }
  return { page, operatorId: person.userId };
}

/**
 * `operatorPage`, once what `ready` reads on it is accepted: the back-office reads the projections,
 * which follow the log.
 */
export async function operatorPageOnceReady<T>(
  e2e: E2eShop,
  operator: { name: string; email: string; password: string },
  ready: { read: (page: Page) => Promise<T>; accept: (value: T) => boolean },
  viewport = DESKTOP,
  language: 'fr' | 'en' = 'fr',
): Promise<{ page: Page; operatorId: string }> {
  const signedIn = await operatorPage(e2e, operator, viewport, language);
  await eventually(() => ready.read(signedIn.page), ready.accept);
  return signedIn;
}

/**
 * The e2e setup of one back-office `desk` (its spec's database `e2e_back_office_<desk>`): its operator
 * `<desk>.desk@premium-share.example`, made admin of the shop `start` starts; `operatorPage` is that
 * operator's page once `ready` accepts what it reads (`operatorPageOnceReady`).
 */
export function backOfficeDesk<T>(
  desk: string,
  ready: { read: (page: Page) => Promise<T>; accept: (value: T) => boolean },
  operatorName = 'Camille Opérations',
) {
  const operator = { name: operatorName, email: `${desk}.desk@premium-share.example`, password: 'jardin-secret' };
  let e2e: E2eShop | undefined;
  return {
    operator,
    async start(): Promise<E2eShop> {
      e2e = await startBackOfficeShop(`e2e_back_office_${desk}`, operator.email);
      return e2e;
    },
    operatorPage(viewport = DESKTOP, language: 'fr' | 'en' = 'fr') {
      if (!e2e) throw new Error(`The ${desk} desk's shop is not started: call start() in beforeAll.`);
      return operatorPageOnceReady(e2e, operator, ready, viewport, language);
    },
  };
}

/** What `operatorPageOnceReady` waits for when the back-office's `path` need only answer the operator (200). */
export const answering = (path: string) => ({
  read: async (page: Page) => (await page.request.get(path)).status(),
  accept: (status: number) => status === 200,
});

/**
 * Goes to /profile until what `read` takes from it, once its first subscription's card is shown, passes the
 * assertion chained on (the profile reads the projected subscriptions, which may trail a payment by a moment).
 */
function profileUntil<T>(page: Page, read: (item: Locator) => Promise<T>, timeout = 15_000) {
  const item = page.getByTestId('profile-subscription').first();
  return expect.poll(
    async () => {
      await page.goto('/profile');
      await item.waitFor();
      return read(item);
    },
    { timeout },
  );
}

/** Goes to /profile until it counts one active subscription; answers the first subscription's card. */
export async function firstSubscriptionOnceActive(page: Page): Promise<Locator> {
  await profileUntil(page, () => page.getByTestId('profile-active').textContent()).toBe('1');
  return page.getByTestId('profile-subscription').first();
}

/** Goes to /profile until the first subscription's card shows `text`; answers that card. */
export async function profileShows(page: Page, text: string): Promise<Locator> {
  await profileUntil(page, (item) => item.innerText(), 20_000).toContain(text);
  return page.getByTestId('profile-subscription').first();
}

/** Nothing on the screen scrolls sideways. */
export async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/**
 * Opens the customer's credentials page with `open` until it shows the login e-mail rather than
 * "preparing" (the page reads the assignment, which may trail the operator's click by a moment);
 * answers the e-mail shown.
 */
export async function credentialsEmailOnceReady(page: Page, open: () => Promise<unknown>): Promise<string | null> {
  const email = page.getByTestId('credentials-email');
  await expect
    .poll(
      async () => {
        await open();
        await email.or(page.getByTestId('credentials-preparing')).waitFor();
        return email.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return email.textContent();
}

/**
 * Pays `months` of `planId` on the sandbox as the signed-in customer and waits until /profile
 * shows it active (the profile reads the projection, which may trail the payment by a moment).
 * Leaves the page on /profile; answers the subscription's id.
 */
export async function buyOnSandbox(page: Page, planId = 'netflix', months = 1): Promise<string> {
  await page.goto(`/checkout/${planId}?months=${months}`);
  await askForAccessNow(page);
  await page.getByRole('button', { name: /Payer/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /Payer/ }).first().click();
  await page.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
  const access = page.getByTestId('profile-subscription').first().getByRole('link', { name: 'Accéder' });
  await profileUntil(page, () => access.count()).toBe(1);
  return (await access.getAttribute('href'))!.split('/').at(-1)!;
}

/**
 * Signs `customer` up, then they sign in and pay a month of Netflix on the sandbox page through the API, with their
 * own token, as the shop's pages do (a page of the shop left open would refresh the session's cookies meanwhile);
 * answers the subscription's id and `call`, a request to the API as the customer.
 */
export async function signUpAndBuyThroughApi(
  e2e: E2eShop,
  customer: { email: string; fullName: string; password: string },
) {
  await signUpCustomer(e2e, customer);
  let token = '';
  const call = (method: string, path: string, body?: unknown) =>
    requestJson(e2e.shop.url, method, path, { token, body, redirect: 'manual' });
  const signedIn = await call('POST', '/api/auth/sign-in', { email: customer.email, password: customer.password });
  expect(signedIn.status).toBe(200);
  token = String(signedIn.body.accessToken);
  const ordered = await eventually(
    () => call('POST', '/api/orders', { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' }),
    (reply) => reply.status === 201,
  );
  const sessionId = String(ordered.body.redirectUrl).split('/').pop()!;
  expect((await call('POST', `/sandbox/sessions/${sessionId}/pay`)).status).toBe(303);
  return { subscriptionId: String(ordered.body.subscriptionId), call };
}
