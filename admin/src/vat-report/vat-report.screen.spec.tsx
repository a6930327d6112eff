import type { VatReport } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../testing/downloads';
import { aVatReport } from '../testing/fixtures';
import { json, problem, renderPage, type Routes } from '../testing/render-resource';
import { LazyVatReportPage } from '.';

function showPage(routes: Routes = {}, locale?: 'fr' | 'en') {
  const api: Routes = {
    'GET /api/admin/reports/vat': ({ query }) => json<VatReport>(aVatReport({ month: query.get('month') ?? '' })),
    'GET /api/admin/reports/vat.csv': ({ query }) => ({
      status: 200,
      body: `country,rate\nFR,0.2 ${query.get('month')}`,
      headers: {
        'content-type': 'text/csv',
        'content-disposition': `attachment; filename="documents-${query.get('month')}.csv"`,
      },
    }),
    ...routes,
  };
  return renderPage(<LazyVatReportPage />, { api, locale });
}

const thisMonth = () => {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the VAT report', () => {
  it("opens on this month's report: a line per country and rate, and the totals", async () => {
    const { api } = showPage();

    const table = await screen.findByRole('table');
    expect(api.callsTo('GET /api/admin/reports/vat').map((call) => call.query.get('month'))).toEqual([thisMonth()]);
    expect(screen.getByLabelText('Mois')).toHaveValue(thisMonth());
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('columnheader')
          .map((cell) => cell.textContent),
      )[0],
    ).toEqual(['Pays', 'Taux', 'Montant HT', 'TVA', 'Montant TTC', 'Documents']);
    const france = within(table).getByRole('rowheader', { name: 'France (FR)' }).closest('tr')!;
    expect(
      within(france)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['20 %', '39,96 €', '7,99 €', '47,95 €', '3']);
    const totals = within(table).getByRole('rowheader', { name: 'Total du mois' }).closest('tr')!;
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['49,96 €', '10,09 €', '60,05 €', '4']);
    expect(within(table).getByRole('rowheader', { name: 'Belgique (BE)' })).toBeVisible();
  });

  it('reads the month asked for, and exports it as CSV with the session', async () => {
    const saved = catchDownloads();
    const { api, user } = showPage({
      'GET /api/admin/reports/vat': ({ query }) =>
        json<VatReport>(
          query.get('month') === '2026-10'
            ? aVatReport({
                month: '2026-10',
                data: [{ country: 'DE', rate: 0.19, netCents: 10000, vatCents: 1900, grossCents: 11900, documents: 2 }],
                totals: { netCents: 10000, vatCents: 1900, grossCents: 11900, documents: 2 },
              })
            : aVatReport({ month: query.get('month') ?? '' }),
        ),
    });
    await screen.findByRole('table');

    fireEvent.change(screen.getByLabelText('Mois'), { target: { value: '2026-10' } });

    expect(await screen.findByRole('rowheader', { name: 'Allemagne (DE)' })).toBeVisible();
    expect(api.callsTo('GET /api/admin/reports/vat').at(-1)?.query.get('month')).toBe('2026-10');
    const totals = screen.getByRole('rowheader', { name: 'Total du mois' }).closest('tr')!;
    expect(within(totals).getAllByRole('cell')[2]).toHaveTextContent(/^119,00\s€$/);

    await user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['documents-2026-10.csv']));
    const [download] = api.callsTo('GET /api/admin/reports/vat.csv');
    expect(download?.query.get('month')).toBe('2026-10');
    expect(download?.headers.get('Accept')).toContain('text/csv');
    expect(saved[0]!.text).toContain('FR,0.2 2026-10');
  });

  it('says when a month has no document, and when the report cannot be read', async () => {
    showPage({
      'GET /api/admin/reports/vat': ({ query }) =>
        query.get('month') === '2026-09'
          ? problem(500, 'internal')
          : json<VatReport>(
              aVatReport({ data: [], totals: { netCents: 0, vatCents: 0, grossCents: 0, documents: 0 } }),
            ),
    });

    expect(await screen.findByText("Aucune facture ni aucun avoir n'a été émis ce mois-là.")).toBeVisible();
    fireEvent.change(screen.getByLabelText('Mois'), { target: { value: '2026-09' } });
    expect(await screen.findByText("Le rapport n'a pas pu être chargé. Réessayez.")).toBeVisible();
  });

  it('reads in English', async () => {
    showPage({}, 'en');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'France (FR)' })).toBeVisible();
    expect(within(table).getByRole('rowheader', { name: 'Month total' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export (CSV)' })).toBeVisible();
    expect(within(table).getByText('20%')).toBeVisible();
  });
});
