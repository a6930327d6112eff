import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from '../../services/app/src/testing/http-customer.js';
import { backOfficeDesk, screenshot, signUpAndBuyThroughApi, type E2eShop } from './e2e-shop.js';

// The list reads the projections, which follow the log: ready once both paid subscriptions show there.
const ACTIVE = `/api/admin/subscriptions?filter=${encodeURIComponent('{"status":"active"}')}`;
const desk = backOfficeDesk('bulk', {
  read: async (page: Page) => (await (await page.request.get(ACTIVE)).json()) as unknown[],
  accept: (rows) => Array.isArray(rows) && rows.length === 2,
});
const CUSTOMERS = [
  { email: 'ines.laurent@example.com', fullName: 'Inès Laurent', password: 'a good password' },
  {
    email: 'hugo.renard-de-la-fontaine-saint-georges@entreprise-tres-longue.example.com',
    fullName: 'Hugo Renard de la Fontaine Saint-Georges',
    password: 'a good password',
  },
];

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await desk.start();
  for (const customer of CUSTOMERS) await signUpAndBuyThroughApi(e2e, customer);
  for (const tag of ['one', 'two']) {
    const sent = await requestJson(e2e.shop.url, 'POST', '/api/support/messages', {
      body: {
        email: `visitor-${tag}@example.com`,
        category: 'payment',
        subject: `Card refused ${tag}`,
        message: 'My card was refused twice at checkout, what can I do?',
      },
    });
    expect(sent.status).toBe(201);
  }
});

afterAll(async () => {
  await e2e?.stop();
});

describe('bulk actions in the back-office (1440 px)', () => {
  it('suspends two subscriptions with one reason, and says so (French)', async () => {
    const { page } = await desk.operatorPage();
    await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{"status":"active"}')}`);
    await page.getByRole('row', { name: /Hugo Renard/ }).waitFor();
    await page.getByRole('row', { name: /Inès Laurent/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    const bar = page.locator('[data-test="bulk-actions-toolbar"]');
    await bar.getByRole('button', { name: 'Changer le statut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le statut de 2 éléments' });
    await dialog.getByRole('radio', { name: 'Suspendu' }).check();
    await dialog.getByRole('textbox', { name: /^Motif/ }).fill('Compte Netflix en révision chez le fournisseur');
    await screenshot(page, 'back-office-bulk-status-dialog-1440', false);
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('2 modifiés').waitFor();

    await page.goto(`/admin/subscriptions?filter=${encodeURIComponent('{"status":"suspended"}')}`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page
            .getByRole('row')
            .nth(1)
            .or(page.getByText(/Aucun|Pas encore/))
            .first()
            .waitFor();
          return page.getByRole('row', { name: /Suspendu/ }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(2);
    await screenshot(page, 'back-office-bulk-status-after-1440');
    // Every column and the selection boxes fit the screen: the page is no wider than it.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1440);
  });

  it('moves two inquiries on together (English)', async () => {
    const { page } = await desk.operatorPage(undefined, 'en');
    await page.goto('/admin/inquiries');
    await page.getByRole('row', { name: /visitor-one@example\.com/ }).waitFor();
    await page.getByRole('row', { name: /visitor-two@example\.com/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of 2 items' });
    await dialog.getByRole('radio', { name: 'In progress' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('2 changed').waitFor();
    // The list is read again once both changes are projected: no row is left "New".
    await expect.poll(() => page.getByRole('row', { name: /In progress/ }).count()).toBe(2);
    await screenshot(page, 'back-office-bulk-inquiries-after-1440');
  });
});
