import type { AdminPlan, AdminStats, AdminSubscription, SubscriptionMoney } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aSubscription, anAdminPlan, anAdminUser, leaPetit, ofLeaPetit, someStats } from '../../testing/fixtures';
import { json, noContent, page, renderResource, resizeWindow, type Routes, byIds } from '../../testing/render-resource';
import { giveReason } from '../../testing/subscription-page';
import subscriptions from '.';

/** The subscriptions API: the list filtered as asked, one record, its status changes and voiding. */
function subscriptionsApi(rows: AdminSubscription[]): Routes {
  let stored = rows;
  const byId = (id: string | undefined) => stored.find((row) => row.id === id);
  return {
    'GET /api/admin/subscriptions': ({ query }) => {
      const filter = JSON.parse(query.get('filter') ?? '{}') as Partial<AdminSubscription> & {
        hasCredentials?: boolean;
        customerCancelled?: boolean;
        refundRequested?: boolean;
        renewalFailed?: boolean;
        id?: string[];
      };
      const shown = stored.filter(
        (row) =>
          (filter.status === undefined || row.status === filter.status) &&
          (filter.hasCredentials === undefined || (row.credentialsId !== null) === filter.hasCredentials) &&
          (filter.id === undefined || filter.id.includes(row.id)) &&
          (filter.customerCancelled === undefined || (row.customerCancelledAt !== null) === filter.customerCancelled) &&
          (filter.refundRequested === undefined || (row.refundRequestedAt !== null) === filter.refundRequested) &&
          (filter.autoRenew === undefined || row.autoRenew === filter.autoRenew) &&
          (filter.renewalFailed === undefined || (row.renewalFailedAt !== null) === filter.renewalFailed),
      );
      return page('subscriptions', shown);
    },
    'GET /api/admin/subscriptions/:id': ({ params }) => json<AdminSubscription | undefined>(byId(params.id)),
    'PUT /api/admin/subscriptions/:id': ({ params, body }) => {
      const { status } = body as Pick<AdminSubscription, 'status'>;
      stored = stored.map((row) => (row.id === params.id ? { ...row, status } : row));
      return json<AdminSubscription | undefined>(byId(params.id));
    },
    'GET /api/admin/subscriptions/:id/history': () => page('history', []),
    'GET /api/admin/invoices': () => page('invoices', []),
    'GET /api/admin/subscriptions/:id/payments': () => json<SubscriptionMoney>({ payments: [], refunds: [] }),
    'GET /api/admin/stats': () => json<AdminStats>(someStats()),
    'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
    'GET /api/admin/users': byIds('users', customers),
    'DELETE /api/admin/subscriptions/:id': () => noContent(),
  };
}

afterEach(() => resizeWindow(1024));

/** The Subscriptions tab at `url`, the API holding `rows`. */
const openSubscriptions = (url: string, rows: AdminSubscription[]) =>
  renderResource('subscriptions', subscriptions, {
    url,
    api: subscriptionsApi(rows),
    references: ['plans', 'users', 'credentials'],
  });

/** Picks `option` in the list's filter named `filter`. */
async function chooseFilter(user: UserEvent, filter: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: filter }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Widens the list from its to-do (paid, waiting for credentials) to every subscription. */
const showEverySubscription = (user: UserEvent) => chooseFilter(user, 'Identifiants', 'Tous');

/** The filter the list asked the API for: at its `call`-th reading, the last when left out. */
const listFilter = (api: ReturnType<typeof openSubscriptions>['api'], call = -1): unknown =>
  JSON.parse(api.callsTo('GET /api/admin/subscriptions').at(call)?.query.get('filter') ?? '');

/** The status change saved: said in French, and sent with its reason. */
async function expectSuspended(api: ReturnType<typeof openSubscriptions>['api']) {
  expect(await screen.findByText('Statut mis à jour vers Suspendu')).toBeVisible();
  expect(api.callsTo('PUT /api/admin/subscriptions/sub-1')[0]?.body).toEqual({
    status: 'suspended',
    reason: 'Paiement contesté',
  });
}

const customers = [anAdminUser(), leaPetit];
const waiting = aSubscription();
const served = aSubscription({
  id: 'sub-2',
  ...ofLeaPetit,
  credentialsAssigned: true,
  credentialsId: 'cred-1',
});

describe('the subscriptions (back-office)', () => {
  it('opens on the paid subscriptions still waiting for their credentials, with the tab’s counters', async () => {
    const { api } = openSubscriptions('/subscriptions', [waiting, served]);

    expect(await screen.findByText('Camille Martin')).toBeVisible();
    expect(screen.queryByText('Léa Petit')).not.toBeInTheDocument();
    expect(listFilter(api, 0)).toEqual({ status: 'active', hasCredentials: false });
    const counters = await screen.findByRole('region', { name: 'Abonnements en chiffres' });
    expect(await within(counters).findByRole('button', { name: /Sans identifiants/ })).toHaveTextContent('2');
    expect(within(counters).getByRole('button', { name: /Avec identifiants/ })).toHaveTextContent('5');
  });

  it('shows what a counter counts when it is pressed', async () => {
    const { user, api } = openSubscriptions('/subscriptions', [waiting, served]);
    await screen.findByText('Camille Martin');

    await user.click(screen.getByRole('button', { name: /Avec identifiants/ }));

    expect(await screen.findByText('Léa Petit')).toBeVisible();
    expect(screen.queryByText('Camille Martin')).not.toBeInTheDocument();
    expect(listFilter(api)).toEqual({ hasCredentials: true });
  });

  it('changes a subscription’s status with the reason, and says so in French', async () => {
    const { user, api } = openSubscriptions('/subscriptions/sub-1/show', [waiting]);

    await user.click(await screen.findByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    expect(within(dialog).getByText('Statut actuel : Actif')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Suspendu' }));
    expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await giveReason(user, dialog, 'Paiement contesté');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await expectSuspended(api);
  });

  it('keeps a row’s status change open, with the choice and the reason, when the table gives way to the phone’s list and back', async () => {
    const { user, api } = openSubscriptions('/subscriptions', [waiting]);
    const row = (await screen.findByText(waiting.planName)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    await user.click(within(dialog).getByRole('radio', { name: 'Suspendu' }));
    await giveReason(user, dialog, 'Paiement contesté');

    // A tablet turned: the table gives way to the phone's list, then comes back.
    resizeWindow(600);
    await waitFor(() => expect(screen.queryByRole('table', { hidden: true })).toBeNull());
    resizeWindow(1280);
    expect(await screen.findByRole('table', { hidden: true })).toBeInTheDocument();

    const still = screen.getByRole('dialog', { name: 'Changer le statut' });
    expect(within(still).getByRole('radio', { name: 'Suspendu' })).toBeChecked();
    await user.click(within(still).getByRole('button', { name: 'Enregistrer' }));
    await expectSuspended(api);
  });

  it('narrows the list to what the customers asked for, and shows it in a column', async () => {
    const asked = aSubscription({
      id: 'sub-3',
      ...ofLeaPetit,
      credentialsAssigned: true,
      credentialsId: 'cred-1',
      customerCancelledAt: '2026-11-22T09:00:00.000Z',
      cancellationReason: 'Trop cher',
      refundRequestedAt: '2026-11-22T09:00:00.000Z',
      refundReason: 'Ne fonctionne pas',
    });
    const { user, api } = openSubscriptions('/subscriptions', [waiting, asked]);
    await screen.findByText('Camille Martin');
    // The to-do list's filters first: the operator asks for every subscription with a refund request.
    await showEverySubscription(user);
    await chooseFilter(user, 'Remboursement', 'Remboursement demandé');

    expect(await screen.findByText('Léa Petit')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Camille Martin')).not.toBeInTheDocument());
    expect(listFilter(api)).toEqual({ status: 'active', refundRequested: true });
    const row = screen.getByText('Léa Petit').closest('tr')!;
    expect(within(row).getByText('Remboursement demandé')).toBeVisible();
    expect(within(row).getByText('Résilié par le client')).toBeVisible();

    await chooseFilter(user, 'Résiliation', 'Non résiliés');
    await waitFor(() =>
      expect(listFilter(api)).toEqual({
        status: 'active',
        refundRequested: true,
        customerCancelled: false,
      }),
    );
  });
});

describe('automatic renewal in the back-office', () => {
  const renewing = aSubscription({
    id: 'sub-4',
    ...ofLeaPetit,
    credentialsAssigned: true,
    credentialsId: 'cred-1',
    autoRenew: true,
    paymentMethod: 'Visa •••• 4242',
    nextChargeAt: '2099-02-17T10:05:00.000Z',
    renewalCount: 2,
  });
  const declined = aSubscription({
    id: 'sub-5',
    autoRenew: true,
    paymentMethod: 'Mastercard •••• 4444',
    nextChargeAt: null,
    renewalFailedAt: '2099-02-17T10:05:00.000Z',
    renewalRetryAt: '2099-02-18T10:05:00.000Z',
    renewalCount: 1,
  });

  it('shows automatic renewal, the next charge, the renewals paid and a declined charge in the list', async () => {
    openSubscriptions(`/subscriptions?filter=${encodeURIComponent(JSON.stringify({ autoRenew: true }))}`, [
      waiting,
      renewing,
      declined,
    ]);

    const lea = (await screen.findByText('Léa Petit')).closest('tr')!;
    const table = lea.closest('table')!;
    for (const header of ['Renouvellement auto.', 'Renouvellements'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeVisible();
    expect(within(lea).getByText('Automatique')).toBeVisible();
    expect(within(lea).getByText('Prélevé le', { exact: false })).toHaveTextContent('Prélevé le 17/02/2099');
    expect(within(lea).getByRole('cell', { name: '2' })).toBeVisible();
    expect(within(lea).queryByText('Renouvellement refusé')).toBeNull();
    const camille = screen.getByText('Camille Martin').closest('tr')!;
    expect(within(camille).getByText('Renouvellement refusé')).toBeVisible();
  });

  it('narrows the list to the declined renewals', async () => {
    const { user, api } = openSubscriptions('/subscriptions', [renewing, declined]);
    await screen.findByText('Camille Martin');
    await showEverySubscription(user);
    expect(await screen.findByText('Léa Petit')).toBeVisible();

    await chooseFilter(user, 'Renouvellement refusé', 'Renouvellement refusé');

    await waitFor(() => expect(screen.queryByText('Léa Petit')).not.toBeInTheDocument());
    expect(screen.getByText('Camille Martin')).toBeVisible();
    expect(listFilter(api)).toEqual({ status: 'active', renewalFailed: true });

    await chooseFilter(user, 'Renouvellement auto.', 'Manuel');
    await waitFor(() =>
      expect(listFilter(api)).toEqual({
        status: 'active',
        renewalFailed: true,
        autoRenew: false,
      }),
    );
  });

  it('shows the automatic renewal on the subscription’s page, a declined charge with its next try', async () => {
    openSubscriptions('/subscriptions/sub-5/show', [declined]);

    const card = await screen.findByRole('region', { name: 'Renouvellement automatique' });
    expect(within(card).getByText('Mastercard •••• 4444')).toBeVisible();
    expect(within(card).getByText('Automatique')).toBeVisible();
    expect(within(card).getByText('Renouvellement refusé')).toBeVisible();
    expect(within(card).getByRole('alert')).toHaveTextContent(
      /Le prélèvement automatique a été refusé : nouvel essai le 18 février 2099/,
    );
    expect(within(card).getByText('Nouvel essai le')).toBeVisible();
  });
});

describe('a list opened from the work queue', () => {
  it('shows the instant it is narrowed by in the filter bar, and lets the operator take it off', async () => {
    const filter = { status: 'active', hasCredentials: false, paidBefore: '2026-11-25T09:30:00.000Z' };
    const url = `/subscriptions?${new URLSearchParams({
      filter: JSON.stringify(filter),
      displayedFilters: JSON.stringify({ status: true, hasCredentials: true, paidBefore: true }),
    }).toString()}`;
    const { user, api } = openSubscriptions(url, [waiting]);

    const paidBefore = await screen.findByRole('textbox', { name: 'Payé avant' });
    // Day first, as the back-office writes an instant (in the browser's time zone, as every instant typed).
    expect((paidBefore as HTMLInputElement).value).toMatch(/^25\/11\/2026 \d{2}:30:00$/);
    expect(listFilter(api, 0)).toEqual(filter);

    await user.click(screen.getByRole('button', { name: 'Supprimer ce filtre' }));
    await waitFor(() =>
      expect(listFilter(api)).toEqual({
        status: 'active',
        hasCredentials: false,
      }),
    );
  });
});
