import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPayment, aSubscription } from '../../testing/fixtures';
import { showSubscription, subscriptionPageApi } from '../../testing/subscription-page';

const paidTwice = aSubscription({ provider: 'sandbox', lastPaymentIssue: 'paid_twice' });
const showPage = (locale?: 'en') =>
  showSubscription(subscriptionPageApi(paidTwice, { payments: [aPayment()], refunds: [] }), locale);

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
