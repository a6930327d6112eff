import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import {
  answering,
  backOfficeDesk,
  buyOnSandbox,
  csrfTokenOf,
  DESKTOP,
  MOBILE,
  screenshot,
  signUpCustomer,
  type E2eShop,
} from './e2e-shop.js';

const desk = backOfficeDesk('phone', answering('/api/admin/users/counts'));

/** Each resource's list, and a text its first row shows once the list has loaded. */
const LISTS: ReadonlyArray<readonly [resource: string, shows: string]> = [
  ['inquiries', 'Streamy SAS'],
  ['subscriptions', 'Camille Opérations'],
  ['credentials', 'famille.tres-longue-adresse@netflix-shared.example'],
  ['users', 'alice.martin@example.com'],
  ['invoices', 'Camille Opérations'],
  ['promo-codes', 'BIENVENUE10'],
  ['plans', 'Netflix'],
];

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await desk.start();
  await signUpCustomer(e2e, {
    email: 'alice.martin@example.com',
    fullName: 'Alice Martin',
    password: 'a good password',
  });
  const visitor = await e2e.openPage('/');
  const partnership = await visitor.request.post('/api/partnership-requests', {
    data: {
      companyName: 'Streamy SAS',
      contactName: 'Hugo Partenaire-Avec-Un-Nom-Très-Long',
      email: 'hugo.partenaire-commercial@streamy-distribution.example',
      partnershipType: 'reseller',
      description:
        'Nous aimerions revendre vos abonnements à nos clients, dans toute la France et en Belgique, dès le mois prochain.',
    },
  });
  expect(partnership.status()).toBe(201);
});

afterAll(async () => {
  await e2e?.stop();
});

// Evaluated in the page, as text: these specs are type-checked without the DOM's types.

/** The widest the page is, in CSS pixels: more than the viewport means a sideways scroll. */
const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

/** Whether the app bar's title shows whole: nothing of it cut on its right or below its last line. */
const titleShowsWhole = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    const title = document.getElementById('react-admin-title');
    if (!title) return false;
    return title.scrollWidth <= title.clientWidth + 1 && title.scrollHeight <= title.clientHeight + 1;
  })()`);

/** Whether the page starts below the app bar, none of it under the bar, however tall its title made it. */
const contentBelowAppBar = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    window.scrollTo(0, 0);
    const bar = document.querySelector('header.MuiAppBar-root')?.getBoundingClientRect();
    const content = document.getElementById('main-content')?.getBoundingClientRect();
    return !!bar && !!content && content.top >= bar.bottom - 1;
  })()`);

/** The rows the floating "create" button lies over once the list is scrolled to its end. */
const rowsUnderCreateButton = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const button = document.querySelector('.RaCreateButton-floating');
    if (!button) return [];
    const fab = button.getBoundingClientRect();
    return [...document.querySelectorAll('.RaList-content li, .RaList-content tr')]
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > fab.top && box.top < fab.bottom && box.right > fab.left && box.left < fab.right;
      })
      .map((row) => row.textContent ?? '');
  })()`);

describe('the back-office on a phone (375 px), in French', () => {
  it('shows every list within the screen, its title whole and no row under the "create" button', async () => {
    // Signed in on the shop at 1440 px (its phone header folds the profile link into a menu), then a phone.
    const { page } = await desk.operatorPage(DESKTOP);
    // A paid subscription (and its invoice), a credential set and a promo code's row to show.
    await buyOnSandbox(page);
    // A page of credential sets longer than the screen: its last lines scroll up to the floating button.
    for (const email of [
      'famille.tres-longue-adresse@netflix-shared.example',
      ...Array.from({ length: 11 }, (_, n) => `famille-${n + 1}@netflix-shared.example`),
    ]) {
      const created = await page.request.post('/api/admin/credentials', {
        data: { planId: 'netflix', email, password: 'Un-mot-de-passe-long' },
        headers: { 'X-CSRF-Token': await csrfTokenOf(page) },
      });
      expect(created.status()).toBe(201);
    }
    await eventually(
      async () => ((await (await page.request.get('/api/admin/invoices')).json()) as unknown[]).length,
      (count) => count > 0,
    );
    await page.setViewportSize(MOBILE);

    const report: Record<string, unknown> = {};
    for (const [resource, shows] of LISTS) {
      await page.goto(`/admin/${resource}`);
      await page
        .getByText(shows)
        .first()
        .waitFor()
        .catch(async (error: unknown) => {
          await screenshot(page, `phone-list-${resource}-fr-not-ready`);
          throw error;
        });
      await page.waitForLoadState('networkidle');
      await screenshot(page, `phone-list-${resource}-fr`);
      const found = {
        width: await pageWidth(page),
        titleWhole: await titleShowsWhole(page),
        underCreate: await rowsUnderCreateButton(page),
      };
      if (found.width > MOBILE.width || !found.titleWhole || found.underCreate.length > 0) report[resource] = found;
    }
    // A record's page, whose title is longer: the inquiry's, opened from its line.
    await page.goto('/admin/inquiries');
    await page.getByText('Streamy SAS').first().click();
    await page.waitForURL(/\/admin\/inquiries\/[^/]+\/show$/);
    await page.getByText('Streamy SAS', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'phone-inquiry-show-fr');
    const shown = {
      width: await pageWidth(page),
      titleWhole: await titleShowsWhole(page),
      belowAppBar: await contentBelowAppBar(page),
    };
    if (shown.width > MOBILE.width || !shown.titleWhole || !shown.belowAppBar) report['inquiry page'] = shown;
    expect(report).toEqual({});
  });
});
