import type { AccountingDocumentView, AdminSubscription, AdminUser, SubscriptionMoney } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../testing/downloads';
import { aCreditNote, anAdminUser, anInvoice, aSubscription } from '../../testing/fixtures';
import { json, page, problem, renderResource, type Routes } from '../../testing/render-resource';
import subscriptions from '../subscriptions';
import users from '../users';
import invoices from '.';

function invoicesApi(rows: AccountingDocumentView[], overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/invoices': ({ query }) => {
      const filter = JSON.parse(query.get('filter') ?? '{}') as Record<string, string>;
      const matching = rows.filter(
        (row) =>
          (!filter.kind || row.kind === filter.kind) &&
          (!filter.q || row.number.includes(filter.q) || row.customerName.includes(filter.q)) &&
          (!filter.userId || row.userId === filter.userId) &&
          (!filter.subscriptionId || row.subscriptionId === filter.subscriptionId),
      );
      return page('invoices', matching);
    },
    'GET /api/admin/invoices/:id': ({ params }) =>
      json<AccountingDocumentView | undefined>(rows.find((row) => row.id === params.id)),
    'GET /api/admin/invoices/:id/pdf': () => ({
      status: 200,
      body: '%PDF-1.7',
      headers: { 'content-type': 'application/pdf' },
    }),
    ...overrides,
  };
}

/** The filter the list last asked for. */
const lastFilter = (api: { callsTo(key: string): Array<{ query: URLSearchParams }> }) =>
  JSON.parse(api.callsTo('GET /api/admin/invoices').at(-1)?.query.get('filter') ?? '{}') as unknown;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the invoices (back-office)', () => {
  it('lists the documents, the latest number first, with their amounts and the customer linked', async () => {
    const { api } = renderResource('invoices', invoices, {
      url: '/invoices',
      api: invoicesApi([aCreditNote(), anInvoice({ companyName: 'Atelier Lumière' })]),
      references: ['users', 'subscriptions'],
    });

    const row = (await screen.findByText('F2026-000001')).closest('tr')!;
    const [list] = api.callsTo('GET /api/admin/invoices');
    expect(list?.query.get('sort')).toBe('["number","DESC"]');
    expect(within(row).getByText('Facture')).toBeVisible();
    expect(within(row).getByText('20/11/2026')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Camille Martin' })).toHaveAttribute('href', '/users/user-1/show');
    expect(within(row).getByText('Atelier Lumière')).toBeVisible();
    expect(within(row).getByText('FR')).toBeVisible();
    expect(within(row).getByText(/^20\s%$/)).toBeVisible();
    expect(within(row).getByText(/^19,98\s€$/)).toBeVisible();
    expect(within(row).getByText(/^3,99\s€$/)).toBeVisible();
    expect(within(row).getByText(/^23,97\s€$/)).toBeVisible();
    const note = screen.getByText('A2026-000001').closest('tr')!;
    expect(within(note).getByText('Avoir')).toBeVisible();
    expect(within(note).getByText(/^-23,97\s€$/)).toBeVisible();
    // Sortable by number and issue date only.
    const sortable = [...document.querySelectorAll('thead [data-field]')].map((label) =>
      label.getAttribute('data-field'),
    );
    expect(sortable).toEqual(['number', 'issuedAt']);
  });

  it('sends the search, the kind and the issue dates as filters', async () => {
    const { user, api } = renderResource('invoices', invoices, {
      url: '/invoices',
      api: invoicesApi([aCreditNote(), anInvoice()]),
      references: ['users', 'subscriptions'],
    });
    await screen.findByText('F2026-000001');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Avoir' }));
    await waitFor(() => expect(lastFilter(api)).toEqual({ kind: 'credit_note' }));
    await waitFor(() => expect(screen.queryByText('F2026-000001')).not.toBeInTheDocument());

    const from = screen.getByLabelText('Émises à partir du');
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.blur(from);
    const until = screen.getByLabelText("Émises jusqu'au");
    fireEvent.change(until, { target: { value: '2026-11-30' } });
    fireEvent.blur(until);
    await user.type(screen.getByPlaceholderText('Rechercher'), 'A2026');

    await waitFor(() =>
      expect(lastFilter(api)).toEqual({ kind: 'credit_note', from: '2026-11-01', until: '2026-11-30', q: 'A2026' }),
    );
    expect(await screen.findByText('A2026-000001')).toBeVisible();
  });

  it('shows a credit note whole, with its subscription, the invoice it corrects, and its PDF', async () => {
    const saved = catchDownloads();
    const { user, api } = renderResource('invoices', invoices, {
      url: '/invoices/doc-2/show',
      api: invoicesApi([aCreditNote({ companyName: 'Atelier Lumière', vatNumber: 'FR12345678901' }), anInvoice()]),
      references: ['users', 'subscriptions'],
    });

    expect(await screen.findByText('A2026-000001')).toBeVisible();
    expect(screen.getByText('Atelier Lumière')).toBeVisible();
    expect(screen.getByText('FR12345678901')).toBeVisible();
    expect(screen.getByText('France (FR)')).toBeVisible();
    expect(screen.getByText(/^-19,98\s€$/)).toBeVisible();
    expect(screen.getByText(/^-3,99\s€$/)).toBeVisible();
    expect(screen.getByText('Netflix Premium')).toBeVisible();
    expect(screen.getByText('3 mois')).toBeVisible();
    expect(screen.getByText('pay-1')).toBeVisible();
    // How it was paid, in the operator's words rather than the provider's code.
    expect(screen.getByText('Paiement de test')).toBeVisible();
    expect(screen.queryByText('sandbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Camille Martin' })).toHaveAttribute('href', '/users/user-1/show');
    expect(screen.getByRole('link', { name: 'sub-1' })).toHaveAttribute('href', '/subscriptions/sub-1/show');
    expect(await screen.findByRole('link', { name: 'F2026-000001' })).toHaveAttribute('href', '/invoices/doc-1/show');

    await user.click(screen.getByRole('button', { name: 'PDF' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['A2026-000001.pdf']));
    const [download] = api.callsTo('GET /api/admin/invoices/doc-2/pdf');
    expect(download?.headers.get('Accept')).toContain('application/pdf');
    expect(download?.query.get('lang')).toBe('fr');
    expect(saved[0]!.text).toContain('%PDF-1.7');
  });

  it('says when the PDF cannot be read', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderResource('invoices', invoices, {
      url: '/invoices/doc-1/show',
      api: invoicesApi([anInvoice()], {
        'GET /api/admin/invoices/:id/pdf': () => problem(403, 'auth.forbidden'),
      }),
      references: ['users', 'subscriptions'],
    });

    await user.click(await screen.findByRole('button', { name: 'PDF' }));

    expect(await screen.findByText("Votre compte n'a pas accès à l'administration.")).toBeVisible();
  });

  it("lists a customer's documents on their page", async () => {
    const { api } = renderResource('users', users, {
      url: '/users/user-1/show',
      api: {
        ...invoicesApi([
          aCreditNote(),
          anInvoice(),
          anInvoice({ id: 'doc-9', number: 'F2026-000009', userId: 'user-2' }),
        ]),
        'GET /api/admin/users/:id': () => json<AdminUser>(anAdminUser()),
        'GET /api/admin/users/:id/history': () => page('history', []),
        'GET /api/admin/subscriptions': () => page('subscriptions', []),
        'GET /api/admin/inquiries': () => page('inquiries', []),
        'GET /api/admin/plans': () => page('plans', []),
      },
      references: ['invoices', 'subscriptions', 'inquiries', 'plans'],
    });

    const section = await screen.findByRole('region', { name: 'Factures et avoirs' });
    expect(await within(section).findByText('F2026-000001')).toBeVisible();
    expect(within(section).getByText('A2026-000001')).toBeVisible();
    expect(within(section).queryByText('F2026-000009')).not.toBeInTheDocument();
    const asked = api.callsTo('GET /api/admin/invoices').at(-1);
    expect(JSON.parse(asked?.query.get('filter') ?? '')).toEqual({ userId: 'user-1' });
    expect(asked?.query.get('sort')).toBe('["number","DESC"]');
  });

  it("lists a subscription's documents on its page", async () => {
    const { api } = renderResource('subscriptions', subscriptions, {
      url: '/subscriptions/sub-1/show',
      api: {
        ...invoicesApi([anInvoice(), anInvoice({ id: 'doc-9', number: 'F2026-000009', subscriptionId: 'sub-9' })]),
        'GET /api/admin/subscriptions/:id': () => json<AdminSubscription>(aSubscription()),
        'GET /api/admin/subscriptions/:id/history': () => page('history', []),
        'GET /api/admin/subscriptions/:id/payments': () => json<SubscriptionMoney>({ payments: [], refunds: [] }),
        'GET /api/admin/users': () => page<AdminUser>('users', [anAdminUser()]),
        'GET /api/admin/plans': () => page('plans', []),
      },
      references: ['invoices', 'users', 'credentials', 'plans'],
    });

    const section = await screen.findByRole('region', { name: 'Factures et avoirs' });
    expect(await within(section).findByText('F2026-000001')).toBeVisible();
    expect(within(section).queryByText('F2026-000009')).not.toBeInTheDocument();
    expect(JSON.parse(api.callsTo('GET /api/admin/invoices').at(-1)?.query.get('filter') ?? '')).toEqual({
      subscriptionId: 'sub-1',
    });
  });
});
