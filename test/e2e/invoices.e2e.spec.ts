import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { askForAccessNow, backOfficeDesk, DESKTOP, MOBILE, screenshot, signUpAndIn, type E2eShop } from './e2e-shop.js';

// The back-office reads the projections, which follow the log: ready once the customer's invoice is listed.
const desk = backOfficeDesk('invoices', {
  read: async (page: Page) => (await (await page.request.get('/api/admin/invoices')).json()) as unknown[],
  accept: (rows) => Array.isArray(rows) && rows.length >= 1,
});
/** A customer living in Belgium: her invoice carries the Belgian VAT (21 %). */
const LUCIE = { fullName: 'Lucie Peeters', email: 'lucie.peeters@example.com', password: 'jardin-secret' };
const INVOICE_NUMBER = /^F\d{4}-\d{6}$/;
const CREDIT_NOTE_NUMBER = /^A\d{4}-\d{6}$/;

let e2e: E2eShop;
/** Lucie's page, signed in: the shop's part goes on with it in English. */
let customer: Page;
let subscriptionId = '';
let invoiceNumber = '';

beforeAll(async () => {
  e2e = await desk.start();
});

afterAll(async () => {
  await e2e?.stop();
});

/** The month the VAT report opens on: this one, in UTC. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Nothing on the screen scrolls sideways. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** Screenshots once the transitions (menus closing, dialogs fading) are over. */
async function settledScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.evaluate('Promise.allSettled(document.getAnimations().map((animation) => animation.finished))');
  await screenshot(page, name, fullPage);
}

/** What `click` makes the browser save: its suggested name and first bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; head: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const file = await download.path();
  return { name: download.suggestedFilename(), head: (await readFile(file)).subarray(0, 5).toString('latin1') };
}

/** Goes to /invoices until it lists `count` documents (a document is issued just after its payment). */
async function invoicesListed(page: Page, title: string, count: number): Promise<void> {
  const items = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect
    .poll(
      async () => {
        await page.goto('/invoices');
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await items
          .first()
          .or(page.getByRole('link', { name: /abonnements|subscriptions/i }))
          .first()
          .waitFor();
        return items.count();
      },
      { timeout: 20_000 },
    )
    .toBe(count);
}

describe('invoices in the shop’s profile', () => {
  it('in French at 1440 px: ordered from Belgium, paid, listed with its number, amount and VAT, downloaded as PDF', async () => {
    customer = await e2e.openPage('/auth', DESKTOP);
    await signUpAndIn(customer, LUCIE.fullName, LUCIE.password, LUCIE.email);

    await customer.goto('/checkout/netflix?months=1');
    const country = customer.getByRole('combobox', { name: /^Pays de résidence/ });
    await country.waitFor();
    await customer.getByText('Utilisé pour votre facture et la TVA de votre pays.').waitFor();
    await country.selectOption({ label: 'Belgique' });
    expect(await country.inputValue()).toBe('BE');
    await customer.getByRole('button', { name: 'Achat professionnel ?' }).waitFor();
    await settledScreenshot(customer, 'invoices-checkout-fr-1440');
    await askForAccessNow(customer);
    await customer.getByRole('button', { name: /^Payer/ }).click();
    await customer.waitForURL(/\/sandbox\/checkout\//);
    await customer
      .getByRole('button', { name: /^Payer/ })
      .first()
      .click();
    await customer.getByRole('heading', { name: 'Paiement confirmé avec succès!' }).waitFor();
    const mine = (await (await customer.request.get('/api/me/subscriptions')).json()) as { data: { id: string }[] };
    subscriptionId = mine.data[0]!.id;

    // From the profile's side menu.
    await customer.goto('/profile');
    await customer.getByRole('navigation', { name: 'Mon compte' }).getByRole('link', { name: 'Factures' }).click();
    await customer.waitForURL(/\/invoices$/);
    await invoicesListed(customer, 'Mes factures', 1);

    const invoice = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { level: 3 }) });
    invoiceNumber = (await invoice.getByRole('heading', { level: 3 }).innerText()).trim();
    expect(invoiceNumber).toMatch(INVOICE_NUMBER);
    await invoice.getByText('Facture', { exact: true }).waitFor();
    expect(await invoice.getByTestId('invoice-amount').innerText()).toMatch(/^4,53\s€$/);
    expect(await invoice.innerText()).toMatch(/TVA 21\s%\s: 0,79\s€/);
    expect(await invoice.innerText()).toMatch(/Netflix, 1 mois, du \d{1,2} \S+ \d{4} au \d{1,2} \S+ \d{4}/);
    await settledScreenshot(customer, 'invoices-shop-fr-1440');

    const link = invoice.getByRole('link', { name: `Télécharger (PDF) ${invoiceNumber}` });
    expect(await link.innerText()).toBe('Télécharger (PDF)');
    const pdf = await downloaded(customer, () => link.click());
    expect(pdf).toEqual({ name: `${invoiceNumber}.pdf`, head: '%PDF-' });
  });

  it('in English at 375 px: the same invoice fits the phone’s width', async () => {
    await customer.evaluate(`window.localStorage.setItem('shop.language', 'en')`);
    await customer.setViewportSize(MOBILE);
    await invoicesListed(customer, 'My invoices', 1);
    const invoice = customer.getByRole('listitem', { name: invoiceNumber });
    await invoice.getByText('Invoice', { exact: true }).waitFor();
    expect(await invoice.getByTestId('invoice-amount').innerText()).toBe('€4.53');
    expect(await invoice.innerText()).toMatch(/VAT 21%: €0\.79/);
    expect(await invoice.getByRole('link', { name: `Download (PDF) ${invoiceNumber}` }).innerText()).toBe(
      'Download (PDF)',
    );
    await fitsWidth(customer, MOBILE.width);
    await settledScreenshot(customer, 'invoices-shop-en-375');
  });
});

describe('invoices and credit notes in the back-office', () => {
  it('in French at 1440 px: a part refund issues a credit note, listed with the invoice and alone under "Avoir"', async () => {
    const { page } = await desk.operatorPage(DESKTOP);
    await page.goto(`/admin/subscriptions/${subscriptionId}/show`);
    const money = page.getByRole('region', { name: 'Paiements et remboursements' });
    await money.getByRole('table', { name: 'Paiements' }).waitFor();
    await page.getByRole('button', { name: 'Rembourser' }).click();
    const dialog = page.getByRole('dialog', { name: /^Rembourser Netflix/ });
    const amount = dialog.getByRole('textbox', { name: /^Montant/ });
    await expect.poll(() => amount.inputValue()).toBe('4,53');
    await amount.fill('2,00');
    await dialog.getByRole('textbox', { name: /^Motif/ }).fill('Geste commercial : une semaine sans accès');
    await dialog.getByRole('button', { name: 'Rembourser' }).click();
    await page.getByText(/Remboursement de 2,00\s€ enregistré/).waitFor();

    // The credit note is issued once the refund is recorded.
    await eventually(
      async () =>
        (await (
          await page.request.get(`/api/admin/invoices?filter=${encodeURIComponent('{"kind":"credit_note"}')}`)
        ).json()) as unknown[],
      (rows) => Array.isArray(rows) && rows.length === 1,
    );
    await page.goto('/admin/invoices');
    const table = page.getByRole('table');
    for (const header of ['Numéro', 'Type', 'Émise le', 'Client', 'Pays', 'Taux de TVA', 'Montant HT', 'Montant TTC']) {
      await table.getByRole('columnheader', { name: header }).waitFor();
    }
    const invoiceRow = table.getByRole('row').filter({ hasText: invoiceNumber });
    const creditRow = table.getByRole('row').filter({ hasText: /A\d{4}-\d{6}/ });
    await invoiceRow.getByText('Facture', { exact: true }).waitFor();
    await creditRow.getByText('Avoir', { exact: true }).waitFor();
    const invoiceText = await invoiceRow.innerText();
    expect(invoiceText).toContain(LUCIE.fullName);
    expect(invoiceText).toMatch(/\bBE\b/);
    expect(invoiceText).toMatch(/21\s%/);
    expect(invoiceText).toMatch(/4,53\s€/);
    expect(invoiceText).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const creditText = await creditRow.innerText();
    expect(creditText).toMatch(/[-−]2,00\s€/);
    const creditNumber = creditText.match(/A\d{4}-\d{6}/)![0];
    expect(creditNumber).toMatch(CREDIT_NOTE_NUMBER);
    await settledScreenshot(page, 'invoices-admin-list-fr-1440');

    await page.getByRole('combobox', { name: 'Type' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining(['Facture', 'Avoir']));
    await page.getByRole('option', { name: 'Avoir' }).click();
    await page.waitForURL(/filter=/);
    await invoiceRow.waitFor({ state: 'detached' });
    await creditRow.waitFor();
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: /[FA]\d{4}-\d{6}/ })
        .count(),
    ).toBe(1);
    await settledScreenshot(page, 'invoices-admin-list-credit-notes-fr-1440');
  });

  it('in French at 1440 px: the invoice’s page with its PDF, and the month’s VAT report with its CSV', async () => {
    const { page } = await desk.operatorPage(DESKTOP);
    await page.goto('/admin/invoices');
    await page.getByRole('row').filter({ hasText: invoiceNumber }).getByText(invoiceNumber).click();
    await page.waitForURL(/\/admin\/invoices\/[^/]+\/show$/);
    await page.getByText(`Facture ${invoiceNumber}`).first().waitFor();
    for (const section of ['Document', 'Acheteur', 'Vente']) {
      await page.getByRole('heading', { name: section }).waitFor();
    }
    const shown = await page.locator('main').innerText();
    expect(shown).toContain('Belgique (BE)');
    expect(shown).toContain(LUCIE.fullName);
    expect(shown).toMatch(/21\s%/);
    expect(shown).toMatch(/3,74\s€/);
    expect(shown).toMatch(/0,79\s€/);
    expect(shown).toMatch(/4,53\s€/);
    expect(shown).toContain('Netflix');
    // An invoice corrects nothing: only a credit note names the invoice it corrects.
    expect(shown).not.toContain('Facture corrigée');
    const pdfButton = page.getByRole('button', { name: 'PDF' });
    await settledScreenshot(page, 'invoices-admin-show-fr-1440');
    const pdf = await downloaded(page, () => pdfButton.click());
    expect(pdf).toEqual({ name: `${invoiceNumber}.pdf`, head: '%PDF-' });

    await page.goto('/admin/vat-report');
    const month = thisMonth();
    const report = page.getByRole('table', { name: `TVA de ${month}` });
    await report.waitFor();
    const belgium = report.getByRole('row').filter({ hasText: 'Belgique (BE)' });
    const belgiumText = await belgium.innerText();
    expect(belgiumText).toMatch(/21\s%/);
    // The invoice (4,53 €) less the credit note (2,00 €): two documents.
    expect(belgiumText).toMatch(/2,53\s€/);
    const totals = report.getByRole('row').filter({ hasText: 'Total du mois' });
    expect(await totals.innerText()).toMatch(/2,53\s€\s+2$/);
    await settledScreenshot(page, 'invoices-admin-vat-report-fr-1440');
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Exporter (CSV)' }).click());
    expect(csv.name).toMatch(new RegExp(`${month}.*\\.csv$`));
  });

  it('in English at 1440 px: the same list', async () => {
    const { page } = await desk.operatorPage(DESKTOP, 'en');
    await page.goto('/admin/invoices');
    const table = page.getByRole('table');
    for (const header of ['Number', 'Customer', 'Country']) {
      await table.getByRole('columnheader', { name: header }).waitFor();
    }
    await table.getByRole('row').filter({ hasText: invoiceNumber }).getByText('Invoice', { exact: true }).waitFor();
    const creditRow = table.getByRole('row').filter({ hasText: /A\d{4}-\d{6}/ });
    await creditRow.getByText('Credit note', { exact: true }).waitFor();
    expect(await creditRow.innerText()).toMatch(/[-−]€2\.00/);
    await settledScreenshot(page, 'invoices-admin-list-en-1440');
  });
});
