import type { MyInvoices } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import InvoicesRoute from '../../app/routes/invoices';
import type { Routes } from '../../testing/fetch-mock';
import { aCustomer, anInvoice } from '../../testing/fixtures';
import { json, problem, renderScreen } from '../../testing/render-screen';

const creditNote = anInvoice({
  id: 'doc-2',
  number: 'A2026-000001',
  kind: 'credit_note',
  issuedAt: '2026-11-22T09:00:00.000Z',
  netCents: -1998,
  vatCents: -399,
  grossCents: -2397,
  correctsNumber: 'F2026-000001',
});

function invoicesApi(documents: MyInvoices['data'], overrides: Routes = {}): Routes {
  return {
    'GET /api/me/invoices': () => json<MyInvoices>({ data: documents }),
    'GET /api/me/invoices/:id/pdf': () => ({
      status: 200,
      body: '%PDF-1.7',
      headers: { 'content-type': 'application/pdf' },
    }),
    ...overrides,
  };
}

const invoices = (api: Routes, language?: 'fr' | 'en') =>
  renderScreen(<InvoicesRoute />, { path: '/invoices', user: aCustomer(), api, language });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the invoices screen (/invoices)', () => {
  it('asks a visitor to sign in', async () => {
    renderScreen(<InvoicesRoute />, { path: '/invoices' });

    expect(await screen.findByText('Veuillez vous connecter pour voir vos factures.')).toBeVisible();
  });

  it('lists the invoices and credit notes, newest first, with their amounts, VAT and PDF links', async () => {
    const { api } = invoices(invoicesApi([creditNote, anInvoice()]));

    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['A2026-000001', 'F2026-000001']);

    const [note, invoice] = rows as [HTMLElement, HTMLElement];
    expect(within(invoice).getByText('Facture')).toBeVisible();
    expect(within(invoice).getByText('Émise le 20 novembre 2026')).toBeVisible();
    expect(within(invoice).getByText('Netflix Premium, 3 mois, du 20 novembre 2026 au 20 février 2027')).toBeVisible();
    expect(within(invoice).getByTestId('invoice-amount')).toHaveTextContent(/^23,97\s€$/);
    expect(within(invoice).getByText(/^TVA 20\s%\s: 3,99\s€$/)).toBeVisible();
    expect(within(invoice).getByRole('link', { name: 'Télécharger (PDF) F2026-000001' })).toHaveAttribute(
      'href',
      '/api/me/invoices/doc-1/pdf?lang=fr',
    );

    expect(within(note).getByText('Avoir')).toBeVisible();
    expect(within(note).getByText('Corrige la facture F2026-000001')).toBeVisible();
    expect(within(note).getByTestId('invoice-amount')).toHaveTextContent(/^[-−]23,97\s€$/);
    expect(api.unhandled).toEqual([]);
  });

  it('downloads a PDF through the API client and saves it under the document number', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { user, api } = invoices(invoicesApi([anInvoice()]));

    await user.click(await screen.findByRole('link', { name: 'Télécharger (PDF) F2026-000001' }));

    await expect.poll(() => saved).toEqual([{ href: 'blob:invoice', download: 'F2026-000001.pdf' }]);
    const [download] = api.callsTo('GET /api/me/invoices/doc-1/pdf');
    expect(download?.headers.get('Accept')).toContain('application/pdf');
    // In the language of the page, whatever the customer's last order was in.
    expect(download?.query.get('lang')).toBe('fr');
    expect(await (created.mock.calls[0]?.[0] as Blob).text()).toContain('%PDF-1.7');
  });

  it('says when the PDF cannot be downloaded', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = invoices(
      invoicesApi([anInvoice()], { 'GET /api/me/invoices/:id/pdf': () => problem(404, 'invoice.not_found') }),
    );

    await user.click(await screen.findByRole('link', { name: 'Télécharger (PDF) F2026-000001' }));

    expect(await screen.findByText('Impossible de télécharger F2026-000001. Réessayez.')).toBeVisible();
  });

  it('says when there is no invoice yet', async () => {
    invoices(invoicesApi([]));

    expect(
      await screen.findByText("Vous n'avez pas encore de facture : elle est émise dès votre premier paiement."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Découvrir les abonnements' })).toHaveAttribute('href', '/subscriptions');
  });

  it('reads in English', async () => {
    invoices(invoicesApi([creditNote]), 'en');

    const row = await screen.findByRole('listitem');
    expect(within(row).getByText('Credit note')).toBeVisible();
    expect(within(row).getByText('Corrects invoice F2026-000001')).toBeVisible();
    expect(within(row).getByText('Netflix Premium, 3 months, from 20 November 2026 to 20 February 2027')).toBeVisible();
    expect(within(row).getByText('VAT 20%: -€3.99')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Download (PDF) A2026-000001' })).toHaveAttribute(
      'href',
      '/api/me/invoices/doc-2/pdf?lang=en',
    );
  });

  it('is reached from the profile side menu', async () => {
    invoices(invoicesApi([]));

    const menu = await screen.findByRole('navigation', { name: 'Mon compte' });
    expect(within(menu).getByRole('link', { name: 'Factures' })).toHaveAttribute('href', '/invoices');
  });
});
