import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentProviders } from '@shop/contracts';
import { json, problem, renderPage, type Routes } from '../testing/render-resource';
import { LazySyncPage } from '.';

/** The sync tab, the shop offering `providers` (Stripe among them unless told). */
function showPage(routes: Routes = {}, locale?: 'fr' | 'en') {
  const api: Routes = {
    'GET /api/payments/providers': () =>
      json<PaymentProviders>({
        data: [
          { name: 'stripe', label: 'card' },
          { name: 'sandbox', label: 'sandbox' },
        ],
      }),
    ...routes,
  };
  return renderPage(<LazySyncPage />, { api, locale });
}

/** What the route answers when Stripe is not switched on. */
const stripeOff = () =>
  problem(422, 'payment.provider_unavailable', {
    detail: 'The payment provider stripe is not enabled',
    details: { enabled: ['sandbox'] },
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the payment sync', () => {
  it('says in French that Stripe is not configured, and keeps the e-mail typed', async () => {
    const { api, user } = showPage({ 'POST /api/admin/payments/sync': stripeOff });

    const field = await screen.findByLabelText('E-mail du client');
    await user.type(field, 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Synchroniser les paiements' }));

    expect(
      await screen.findByText("Stripe n'est pas configuré : la synchronisation n'est pas possible", { exact: false }),
    ).toBeVisible();
    expect(api.callsTo('POST /api/admin/payments/sync')).toHaveLength(1);
    expect(screen.getByLabelText('E-mail du client')).toHaveValue('alice@example.com');
  });

  it('says it in English to an operator reading English', async () => {
    const { user } = showPage({ 'POST /api/admin/payments/sync': stripeOff }, 'en');

    const field = await screen.findByLabelText("Customer's e-mail");
    await user.type(field, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Sync payments' }));

    expect(await screen.findByText('Stripe is not configured: nothing to sync', { exact: false })).toBeVisible();
    expect(screen.getByLabelText("Customer's e-mail")).toHaveValue('bob@example.com');
  });
});
