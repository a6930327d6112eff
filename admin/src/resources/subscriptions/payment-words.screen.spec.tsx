import type { AdminSubscription, AdminUser, SubscriptionMoney } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSubscription, anAdminUser } from '../../testing/fixtures';
import { json, page, renderResource } from '../../testing/render-resource';
import subscriptions from '.';

const paidTwice = aSubscription({ provider: 'sandbox', lastPaymentIssue: 'paid_twice' });
const money: SubscriptionMoney = {
  payments: [
    {
      kind: 'order',
      provider: 'sandbox',
      reference: 'pay-1',
      amountCents: 2397,
      currency: 'EUR',
      paidAt: '2026-11-20T10:05:00.000Z',
      refundedCents: 0,
      pendingRefundCents: 0,
      refundableCents: 2397,
    },
  ],
  refunds: [],
};

function showPage(locale?: 'en') {
  return renderResource('subscriptions', subscriptions, {
    url: '/subscriptions/sub-1/show',
    api: {
      'GET /api/admin/subscriptions/:id': () => json<AdminSubscription>(paidTwice),
      'GET /api/admin/subscriptions/:id/history': () => page('history', []),
      'GET /api/admin/invoices': () => page('invoices', []),
      'GET /api/admin/subscriptions/:id/payments': () => json<SubscriptionMoney>(money),
      'GET /api/admin/users': () => page<AdminUser>('users', [anAdminUser()]),
    },
    references: ['plans', 'users', 'credentials'],
    locale,
  });
}

describe("a subscription's payment, in the operator's words", () => {
  it('names the sandbox « Paiement de test » and says the last payment issue in French', async () => {
    showPage();
    expect(await screen.findByText('Payé deux fois (à rembourser)')).toBeVisible();
    expect((await screen.findAllByText(/Paiement de test/)).length).toBeGreaterThan(0);
    expect(screen.queryByText('paid_twice')).not.toBeInTheDocument();
    expect(screen.queryByText('sandbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/^sandbox ·/)).not.toBeInTheDocument();
  });

  it('says them in English', async () => {
    showPage('en');
    expect(await screen.findByText('Paid twice (to refund)')).toBeVisible();
    expect((await screen.findAllByText(/Test payment/)).length).toBeGreaterThan(0);
  });
});
