import type { AdminSubscription, AdminUser, SubscriptionMoney } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPayment, aSubscription } from '../../testing/fixtures';
import { json, page, type Routes } from '../../testing/render-resource';
import { giveReason, showSubscription, subscriptionPageApi } from '../../testing/subscription-page';

const paidOrder = aPayment({ amountCents: 906, refundableCents: 906 });

/** One subscription's page: the record, its history and money, and the operator's corrections. */
function subscriptionApi(
  subscription: AdminSubscription & { voidedAt?: string; voidReason?: string },
  money: SubscriptionMoney,
): Routes {
  let stored = subscription;
  return {
    ...subscriptionPageApi(subscription, money),
    'GET /api/admin/subscriptions/:id': () => json(stored),
    'GET /api/admin/subscriptions': () => page('subscriptions', [stored]),
    'GET /api/admin/users': () => page<AdminUser>('users', []),
    'DELETE /api/admin/subscriptions/:id': ({ body }) => {
      const { reason } = body as { reason: string };
      stored = { ...stored, voidedAt: '2026-11-26T10:00:00.000Z', voidReason: reason };
      return json(stored);
    },
    'POST /api/admin/subscriptions/:id/reactivation': ({ body }) => {
      const { reason } = body as { reason: string };
      stored = { ...stored, status: 'active', statusReason: reason };
      return json(stored);
    },
  };
}

describe('voiding a subscription says what it does to the figures', () => {
  it('offers a refund instead for a paid one, and voids it only when the operator insists', async () => {
    const { user, api } = showSubscription(subscriptionApi(aSubscription(), { payments: [paidOrder], refunds: [] }));

    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: /Supprimer l'abonnement/ });
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent(/Cet abonnement a été payé : 9,06\s€ comptent dans le chiffre d'affaires/);
    expect(within(warning).getByRole('button', { name: 'Rembourser plutôt' })).toBeVisible();
    await giveReason(user, dialog, 'Commande saisie deux fois');
    const submit = within(dialog).getByRole('button', { name: 'Supprimer' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /Supprimer quand même et retirer 9,06\s€/ }));
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText('Abonnement supprimé')).toBeVisible();
    expect(api.callsTo('DELETE /api/admin/subscriptions/sub-1')[0]?.body).toEqual({
      reason: 'Commande saisie deux fois',
      insist: true,
    });
  });

  it('opens the refund from the void dialog', async () => {
    const { user } = showSubscription(subscriptionApi(aSubscription(), { payments: [paidOrder], refunds: [] }));

    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: /Supprimer l'abonnement/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Rembourser plutôt' }));

    const refund = await screen.findByRole('dialog', { name: /Rembourser/ });
    expect(within(refund).getByRole('textbox', { name: /Montant/ })).toHaveValue('9,06');
    // Both dialogs closed again: the page is left as the operator would leave it.
    await user.click(within(refund).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Rembourser/ })).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a voided subscription and an erased customer stay readable', () => {
  it('reads a voided subscription’s page, the erased customer in French', async () => {
    const voided = {
      ...aSubscription({ customerEmail: '[erased]', customerName: '[erased]', userId: 'user-gone' }),
      voidedAt: '2026-11-26T10:00:00.000Z',
      voidReason: 'Commande saisie deux fois',
    };
    showSubscription(subscriptionApi(voided, { payments: [paidOrder], refunds: [] }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Abonnement supprimé le 2026-11-26 11:00:00 +01:00 : Commande saisie deux fois');
    expect(notice).toHaveTextContent("Il n'apparaît plus dans les listes ni les statistiques");
    expect(screen.queryByText(/n'existe pas/)).toBeNull();
    expect((await screen.findAllByText('[effacé]')).length).toBeGreaterThan(0);
    expect(screen.queryByText('[erased]')).toBeNull();
    for (const name of ['Supprimer', 'Changer le statut', 'Rembourser', 'Réactiver'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('an order cancelled because it was never paid', () => {
  it('says so in French, not in the shop’s own word for it', async () => {
    showSubscription(
      subscriptionApi(
        aSubscription({ status: 'cancelled', statusReason: 'abandoned', paidAt: null, expiresAt: null }),
        {
          payments: [],
          refunds: [],
        },
      ),
    );

    const order = await screen.findByRole('region', { name: 'Commande' });
    expect(await within(order).findByText('Commande abandonnée (jamais payée)')).toBeVisible();
    expect(screen.queryByText('abandoned')).toBeNull();
  });
});

describe('a subscription ended by its customer’s erasure', () => {
  it('says why in French, the customer erased, and offers no reactivation', async () => {
    showSubscription(
      subscriptionApi(
        aSubscription({
          userId: 'user-gone',
          customerEmail: '[erased]',
          customerName: '[erased]',
          status: 'cancelled',
          statusReason: 'customer erased',
          expiresAt: '2099-03-01T12:00:00.000Z',
        }),
        { payments: [paidOrder], refunds: [] },
      ),
    );

    const order = await screen.findByRole('region', { name: 'Commande' });
    expect(await within(order).findByText('Client effacé')).toBeVisible();
    expect(screen.queryByText('customer erased')).toBeNull();
    expect(screen.getAllByText('[effacé]').length).toBeGreaterThan(0);
    await screen.findByRole('button', { name: 'Changer le statut' });
    expect(screen.queryByRole('button', { name: 'Réactiver' })).toBeNull();
  });
});

describe('a cancellation is taken back by another recorded action (English last: the words stay in the language last chosen)', () => {
  const cancelled = aSubscription({
    status: 'cancelled',
    statusReason: 'Demande du client',
    expiresAt: '2099-03-01T12:00:00.000Z',
  });

  it('reactivates a cancelled subscription before its expiry, with a reason', async () => {
    const { user, api } = showSubscription(subscriptionApi(cancelled, { payments: [paidOrder], refunds: [] }));

    await user.click(await screen.findByRole('button', { name: 'Réactiver' }));
    const dialog = await screen.findByRole('dialog', { name: /Réactiver l'abonnement/ });
    expect(within(dialog).getByText(/Il redevient actif jusqu'au 1 mars 2099/)).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Réactiver' });
    expect(submit).toBeDisabled();
    await giveReason(user, dialog, 'Annulé par erreur');
    await user.click(submit);

    expect(await screen.findByText('Abonnement réactivé')).toBeVisible();
    expect(api.callsTo('POST /api/admin/subscriptions/sub-1/reactivation')[0]?.body).toEqual({
      reason: 'Annulé par erreur',
    });
  });

  it('offers no reactivation past the expiry, after a refund, or on a running subscription', async () => {
    for (const subscription of [
      { ...cancelled, expiresAt: '2020-01-01T00:00:00.000Z' },
      { ...cancelled, statusReason: 'refunded' },
      aSubscription(),
    ]) {
      const { unmount } = showSubscription(subscriptionApi(subscription, { payments: [], refunds: [] }));
      await screen.findByRole('button', { name: 'Changer le statut' });
      expect(screen.queryByRole('button', { name: 'Réactiver' })).toBeNull();
      unmount();
    }
  });

  it('says what a void does to the figures in English, nothing leaving the revenue when nothing was paid', async () => {
    const { user, api } = showSubscription(
      subscriptionApi(aSubscription({ status: 'pending', paidAt: null }), { payments: [], refunds: [] }),
      'en',
    );

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete the/ });
    expect(await within(dialog).findByText(/nothing is taken out of the revenue: nothing was paid/)).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Placed by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Subscription deleted')).toBeVisible();
    expect(api.callsTo('DELETE /api/admin/subscriptions/sub-1')[0]?.body).toEqual({ reason: 'Placed by mistake' });
  });
  it('says it in English', async () => {
    const { user } = showSubscription(subscriptionApi(cancelled, { payments: [], refunds: [] }), 'en');
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: /Reactivate the/ });
    await waitFor(() =>
      expect(within(dialog).getByText(/It is active again until (1 March|March 1,) 2099/)).toBeVisible(),
    );
  });
});
