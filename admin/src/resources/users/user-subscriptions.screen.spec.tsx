import type { AdminPlan, AdminUser, SubscriptionMoney } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { anAdminPlan, anAdminUser, aSubscription } from '../../testing/fixtures';
import { json, page, renderResource, resizeWindow, type Routes } from '../../testing/render-resource';
import users from '.';

const camille = anAdminUser();
const mistaken = aSubscription({ userId: camille.id, planName: 'Netflix', status: 'pending' });

const userPageApi = (): Routes => ({
  'GET /api/admin/users/:id': () => json<AdminUser>(camille),
  'GET /api/admin/users/:id/history': () => page('history', []),
  'GET /api/admin/users/:id/history/types': () => json([]),
  'GET /api/admin/subscriptions': () => page('subscriptions', [mistaken]),
  'GET /api/admin/subscriptions/:id/payments': () => json<SubscriptionMoney>({ payments: [], refunds: [] }),
  'GET /api/admin/inquiries': () => page('inquiries', []),
  'GET /api/admin/invoices': () => page('invoices', []),
  'GET /api/admin/credential-reveals': () => page('credential-reveals', []),
  'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
  'GET /api/admin/time-zone': () => json({ timeZone: 'Europe/Paris' }),
});

afterEach(() => resizeWindow(1024));

describe("a customer's subscriptions on their page", () => {
  it('keeps the delete confirmation open, with the reason typed, when the page changes to the phone layout and back', async () => {
    const { user } = renderResource('users', users, {
      url: `/users/${camille.id}/show`,
      api: userPageApi(),
      references: ['subscriptions', 'inquiries', 'plans', 'credentials', 'invoices'],
    });
    await user.click(await screen.findByRole('button', { name: "Supprimer l'abonnement Netflix" }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'abonnement Netflix" });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Commande passée par erreur');

    resizeWindow(390);
    // The phone layout: a line per subscription instead of the table (behind the dialog, which
    // hides the rest of the page from assistive technologies while it is open).
    expect(await screen.findByRole('link', { name: /Netflix/, hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('table', { hidden: true })).toBeNull();
    resizeWindow(1280);
    expect(await screen.findByRole('table', { hidden: true })).toBeInTheDocument();

    const still = screen.getByRole('dialog', { name: "Supprimer l'abonnement Netflix" });
    expect(within(still).getByRole('textbox', { name: 'Motif' })).toHaveValue('Commande passée par erreur');
  });
});
