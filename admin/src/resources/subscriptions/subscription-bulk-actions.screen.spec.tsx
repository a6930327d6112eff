import type { AdminPlan, AdminStats, AdminSubscription, BulkOutcome, CredentialsSummary } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads, recordsExports } from '../../testing/downloads';
import {
  aSubscription,
  anAdminPlan,
  anAdminUser,
  bulkOutcomeOf,
  leaPetit,
  ofLeaPetit,
  someStats,
} from '../../testing/fixtures';
import { json, page, renderResource, type Routes, byIds } from '../../testing/render-resource';
import { giveReason } from '../../testing/subscription-page';
import subscriptions from '.';

const first = aSubscription({ id: 'sub-1' });
const second = aSubscription({
  id: 'sub-2',
  ...ofLeaPetit,
});
const customers = [anAdminUser(), leaPetit];
const set: CredentialsSummary = {
  id: 'cred-1',
  planId: first.planId,
  planName: first.planName,
  email: 'family.share@example.com',
  hasPassword: true,
  hasAdditionalInfo: false,
  assignedCount: 0,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'admin-1',
  updatedBy: null,
};

/** The list of two subscriptions waiting for credentials; each bulk action answers `outcome`, and the list then shows the records it changed as changed. */
function subscriptionsApi(outcome: BulkOutcome, rows: AdminSubscription[] = [first, second]): Routes {
  let stored = rows;
  const apply = (change: Partial<AdminSubscription>) => {
    const changed = new Set(
      outcome.results.filter((result) => result.outcome === 'changed').map((result) => result.id),
    );
    stored = stored.map((row) => (changed.has(row.id) ? { ...row, ...change } : row));
    return json(outcome);
  };
  return {
    'GET /api/admin/subscriptions': ({ query }) => {
      const { id } = JSON.parse(query.get('filter') ?? '{}') as { id?: string[] };
      return page('subscriptions', id ? stored.filter((row) => id.includes(row.id)) : stored);
    },
    'GET /api/admin/stats': () => json<AdminStats>(someStats()),
    'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
    'GET /api/admin/users': byIds('users', customers),
    'GET /api/admin/credentials': () => page('credentials', [set]),
    ...recordsExports,
    'POST /api/admin/subscriptions/bulk-status': ({ body }) =>
      apply({ status: (body as { status: AdminSubscription['status'] }).status }),
    'POST /api/admin/credentials/:id/assignments': ({ params }) =>
      apply({ credentialsId: params.id ?? null, credentialsAssigned: true }),
  };
}

/** The list with every row selected, and the bar of actions shown over the selection. */
async function selectedList(outcome: BulkOutcome, rows?: AdminSubscription[]) {
  const rendered = renderResource('subscriptions', subscriptions, {
    url: '/subscriptions',
    api: subscriptionsApi(outcome, rows),
    references: ['plans', 'users', 'credentials'],
  });
  await screen.findByText('Léa Petit');
  await rendered.user.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
  const bar = document.querySelector<HTMLElement>('[data-test="bulk-actions-toolbar"]');
  expect(bar).not.toBeNull();
  return { ...rendered, bar: within(bar!) };
}

describe('bulk actions on the subscriptions (back-office)', () => {
  it('changes the status of the selected subscriptions with one reason, and says what each became', async () => {
    const { user, api, bar } = await selectedList(
      bulkOutcomeOf({ 'sub-1': 'changed', 'sub-2': 'subscription.invalid_transition' }),
    );

    await user.click(bar.getByRole('button', { name: 'Changer le statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut de 2 éléments' });
    expect(within(dialog).getByText('2 éléments sélectionnés')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Suspendu' }));
    expect(within(dialog).getByRole('button', { name: 'Appliquer' })).toBeDisabled();
    await giveReason(user, dialog, 'Compte du fournisseur en révision');
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));

    expect(
      await screen.findByText(
        "1 modifié · 1 refusé : Ce changement de statut n'est pas permis depuis le statut actuel.",
      ),
    ).toBeVisible();
    expect(api.callsTo('POST /api/admin/subscriptions/bulk-status')[0]?.body).toEqual({
      ids: ['sub-1', 'sub-2'],
      status: 'suspended',
      reason: 'Compte du fournisseur en révision',
    });
  });

  it('gives one stored set of their plan to the selected subscriptions', async () => {
    const { user, api, bar } = await selectedList(bulkOutcomeOf({ 'sub-1': 'changed', 'sub-2': 'changed' }));

    await user.click(bar.getByRole('button', { name: 'Attribuer des identifiants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attribuer des identifiants à 2 abonnements' });
    await user.click(await within(dialog).findByRole('radio', { name: /family\.share@example\.com/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Attribuer' }));

    expect(await screen.findByText('2 modifiés')).toBeVisible();
    expect(api.callsTo('POST /api/admin/credentials/cred-1/assignments')[0]?.body).toEqual({
      subscriptionIds: ['sub-1', 'sub-2'],
    });
  });

  it('offers no common set for subscriptions of different plans', async () => {
    const other = { ...second, id: 'sub-3', planId: 'spotify', planName: 'Spotify' };
    const { bar } = await selectedList(bulkOutcomeOf({}), [first, other]);
    const assign = await bar.findByRole('button', { name: 'Attribuer des identifiants' });
    await expect.poll(() => assign).toBeDisabled();
    expect(assign).toHaveAttribute(
      'title',
      'Sélectionnez des abonnements d’un seul plan : un jeu d’identifiants sert un plan.',
    );
  });

  it('exports the selected subscriptions alone, recorded as an export of those', async () => {
    const saved = catchDownloads();
    const { user, api, bar } = await selectedList(bulkOutcomeOf({}));

    await user.click(bar.getByRole('button', { name: 'Exporter la sélection' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/exports')[0]?.body).toEqual({
      resource: 'subscriptions',
      filter: { id: ['sub-1', 'sub-2'] },
      count: 2,
    });
    expect(saved[0]!.name).toMatch(/^abonnements-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]!.text.split('\r\n').filter(Boolean)).toHaveLength(3);
  });
});
