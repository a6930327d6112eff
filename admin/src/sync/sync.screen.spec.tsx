import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentProviders } from '@shop/contracts';
import { i18nProvider } from '../i18n/i18n-provider';
import { theme } from '../layout/theme';
import { dataProvider } from '../providers/data-provider';
import { mockApi, type Routes } from '../../../web-shop/src/testing/fetch-mock';
import { json, problem } from '../testing/render-resource';
import { LazySyncPage } from '.';

/** The sync tab, the shop offering `providers` (Stripe among them unless told). */
function showPage(routes: Routes = {}, locale?: 'fr' | 'en') {
  const api = mockApi({
    'GET /api/payments/providers': () =>
      json<PaymentProviders>({
        data: [
          { name: 'stripe', label: 'card' },
          { name: 'sandbox', label: 'sandbox' },
        ],
      }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        store={memoryStore(locale ? { locale } : undefined)}
        theme={theme}
      >
        <LazySyncPage />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
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
