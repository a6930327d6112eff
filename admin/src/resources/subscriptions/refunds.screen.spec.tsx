import type {
  AdminRefundRequest,
  AdminSubscription,
  SubscriptionMoney,
  SubscriptionPayment,
  SubscriptionRefund,
} from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPayment, aSubscription } from '../../testing/fixtures';
import { json, problem, type Routes } from '../../testing/render-resource';
import { giveReason, showSubscription, subscriptionPageApi } from '../../testing/subscription-page';

const renewal = (overrides: Partial<SubscriptionPayment> = {}): SubscriptionPayment =>
  aPayment({
    reference: 'pay-2',
    kind: 'renewal',
    amountCents: 999,
    paidAt: '2026-11-24T08:00:00.000Z',
    refundedCents: 500,
    refundableCents: 499,
    ...overrides,
  });

const aRefund = (overrides: Partial<SubscriptionRefund> = {}): SubscriptionRefund => ({
  id: 'ref-1',
  paymentReference: 'pay-2',
  amountCents: 500,
  currency: 'EUR',
  reason: 'Geste commercial',
  status: 'succeeded',
  failure: null,
  requestedAt: '2026-11-24T09:00:00.000Z',
  ...overrides,
});

/** The subscription page's API: the record, its history, its money, and the refunds the operator asks for. */
function subscriptionApi(
  subscription: AdminSubscription,
  money: SubscriptionMoney,
  refunded: (body: AdminRefundRequest) => ReturnType<Routes[string]> = (body) =>
    json<SubscriptionRefund>(
      aRefund({ id: 'ref-new', amountCents: body.amountCents, reason: body.reason, status: 'pending' }),
      { status: 201 },
    ),
): Routes {
  return {
    ...subscriptionPageApi(subscription, money),
    'POST /api/admin/subscriptions/:id/refunds': ({ body }) => refunded(body as AdminRefundRequest),
  };
}

const asked = aSubscription({
  renewedCents: 999,
  lastPaymentAt: '2026-11-24T08:00:00.000Z',
  customerCancelledAt: '2026-11-25T08:30:00.000Z',
  cancellationReason: 'Je déménage',
  refundRequestedAt: '2026-11-25T08:31:00.000Z',
  refundReason: 'Ne fonctionne pas sur ma télévision',
});

/** Opens the refund dialog once the payments are read (the button waits for them). */
async function openRefund(user: UserEvent, name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

/** The text of a table's body rows, cell by cell. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, ' ')),
    );

describe('a subscription’s payments and refunds (back-office)', () => {
  it('lists each payment and each refund, and what the customer asked for', async () => {
    showSubscription(
      subscriptionApi(asked, {
        payments: [aPayment(), renewal()],
        refunds: [aRefund(), aRefund({ id: 'ref-2', status: 'failed', failure: 'card_expired', amountCents: 100 })],
      }),
    );

    const section = await screen.findByRole('region', { name: 'Paiements et remboursements' });
    const payments = await within(section).findByRole('table', { name: 'Paiements' });
    expect(rowsOf(payments)).toEqual([
      ['RenouvellementPaiement de test · pay-2', '9,99 €', expect.stringMatching(/^24 nov\. 2026/), '5,00 €', '4,99 €'],
      ['CommandePaiement de test · pay-1', '23,97 €', expect.stringMatching(/^20 nov\. 2026/), '0,00 €', '23,97 €'],
    ]);
    const refunds = within(section).getByRole('table', { name: 'Remboursements' });
    expect(within(refunds).getAllByRole('row')).toHaveLength(3);
    expect(within(refunds).getAllByText('Geste commercial')).toHaveLength(2);
    expect(within(refunds).getByText('Effectué')).toBeVisible();
    expect(within(refunds).getByText('Refusé')).toBeVisible();
    expect(within(refunds).getByText('Refus du prestataire : card_expired')).toBeVisible();

    const request = screen.getByRole('alert', { name: 'Remboursement demandé' });
    expect(request).toHaveTextContent(/Remboursement demandé le 25 novembre 2026/);
    expect(request).toHaveTextContent('Motif du client : Ne fonctionne pas sur ma télévision');
    const cancellation = screen.getByRole('alert', { name: 'Résilié par le client' });
    expect(cancellation).toHaveTextContent(/Résilié par le client le 25 novembre 2026/);
    expect(cancellation).toHaveTextContent('Motif du client : Je déménage');
    expect(screen.getByText('Renouvellements encaissés')).toBeVisible();
    expect(screen.getAllByText(/^9,99\s€$/).length).toBeGreaterThanOrEqual(2);
  });

  it('says a request is handled once a refund was made after it', async () => {
    showSubscription(
      subscriptionApi(
        { ...asked, refundAnsweredAt: '2026-11-25T09:00:00.000Z' },
        { payments: [aPayment()], refunds: [aRefund()] },
      ),
    );
    const request = await screen.findByRole('alert', { name: 'Remboursement demandé' });
    expect(request).toHaveTextContent('Traitée : un remboursement a été fait depuis');
    expect(request).not.toHaveTextContent('À vous de décider');
  });

  it('refunds the latest payment: the amount checked in French, the customer’s reason offered, then the page read again', async () => {
    const { user, api } = showSubscription(subscriptionApi(asked, { payments: [aPayment()], refunds: [] }));

    await openRefund(user, 'Rembourser');
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser Netflix Premium' });
    const amount = within(dialog).getByRole('textbox', { name: /^Montant/ });
    expect(amount).toHaveValue('23,97');
    expect(within(dialog).getByRole('textbox', { name: /^Motif/ })).toHaveValue('Ne fonctionne pas sur ma télévision');
    expect(
      within(dialog).getByText("Rembourser tout le paiement de la commande met fin à l'abonnement."),
    ).toBeVisible();

    await user.clear(amount);
    await user.type(amount, '0');
    expect(within(dialog).getByText('Le montant doit être supérieur à 0.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Rembourser' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '30');
    expect(within(dialog).getByText(/^Le montant ne peut pas dépasser 23,97\s€\.$/)).toBeVisible();
    await user.clear(amount);
    await user.type(amount, 'douze');
    expect(within(dialog).getByText('Le montant doit être un nombre, par exemple 12,50.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '10,50');
    expect(within(dialog).queryByText(/Le montant/)).not.toBeInTheDocument();
    const reads = api.callsTo('GET /api/admin/subscriptions/sub-1/payments').length;
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));

    expect(await screen.findByText(/^Remboursement de 10,50\s€ enregistré$/)).toBeVisible();
    expect(api.callsTo('POST /api/admin/subscriptions/sub-1/refunds')[0]?.body).toEqual({
      amountCents: 1050,
      reason: 'Ne fonctionne pas sur ma télévision',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/subscriptions/sub-1/payments').length).toBeGreaterThan(reads),
    );
  });

  it('refunds the payment the operator picks, and says why the API refused in French', async () => {
    const { user, api } = showSubscription(
      subscriptionApi(aSubscription(), { payments: [aPayment(), renewal()], refunds: [] }, () =>
        problem(409, 'refund.exceeds_payment'),
      ),
    );

    await openRefund(user, 'Rembourser');
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser Netflix Premium' });
    const amount = within(dialog).getByRole('textbox', { name: /^Montant/ });
    expect(amount).toHaveValue('4,99');
    await user.click(within(dialog).getByRole('radio', { name: /^Commande du 20 nov\. 2026/ }));
    expect(amount).toHaveValue('23,97');
    await giveReason(user, dialog, 'Double paiement');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));

    expect(await screen.findByText('Ce montant dépasse ce qui reste remboursable sur ce paiement.')).toBeVisible();
    expect(api.callsTo('POST /api/admin/subscriptions/sub-1/refunds')[0]?.body).toEqual({
      amountCents: 2397,
      reason: 'Double paiement',
      paymentReference: 'pay-1',
    });
    expect(screen.getByRole('dialog', { name: 'Rembourser Netflix Premium' })).toBeVisible();
  });

  it('speaks English: the section, the dialog’s checks and a refusal by the provider', async () => {
    const { user } = showSubscription(
      subscriptionApi(aSubscription(), { payments: [aPayment()], refunds: [] }, (body) =>
        json<SubscriptionRefund>(
          aRefund({
            paymentReference: 'pay-1',
            amountCents: body.amountCents,
            status: 'failed',
            failure: 'insufficient_funds',
          }),
          { status: 201 },
        ),
      ),
      'en',
    );

    const section = await screen.findByRole('region', { name: 'Payments and refunds' });
    const payments = await within(section).findByRole('table', { name: 'Payments' });
    expect(rowsOf(payments)).toEqual([
      ['OrderTest payment · pay-1', '€23.97', expect.stringMatching(/^20 Nov 2026/), '€0.00', '€23.97'],
    ]);
    expect(within(section).getByText('No refund.')).toBeVisible();

    await openRefund(user, 'Refund');
    const dialog = await screen.findByRole('dialog', { name: 'Refund Netflix Premium' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('23.97');
    await user.clear(amount);
    await user.type(amount, '0');
    expect(within(dialog).getByText('The amount must be more than 0.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '24');
    expect(within(dialog).getByText('The amount cannot be more than €23.97.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('The provider refused the refund: insufficient_funds')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Refund Netflix Premium' })).toBeVisible();
  });
});
