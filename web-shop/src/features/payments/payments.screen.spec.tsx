import type { PaymentVerification } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PaymentCancelledRoute from '../../app/routes/payment-cancelled';
import PaymentSuccessRoute from '../../app/routes/payment-success';
import type { Routes } from '../../testing/fetch-mock';
import { json, problem, renderScreen } from '../../testing/render-screen';

const verified = (paid: boolean, renewalId?: string) => ({
  'GET /api/payments/verify': () =>
    json<PaymentVerification>({
      subscriptionId: 'sub-1',
      status: paid ? 'active' : 'pending',
      paid,
      outcome: paid ? 'paid' : 'pending',
      renewalId,
    }),
});

/** The browser back from the provider at `/payment-success?<query>`, the API answering `api`. */
const backFromPayment = (query: string, api: Routes, language?: 'fr' | 'en') =>
  renderScreen(<PaymentSuccessRoute />, { path: '/payment-success', url: `/payment-success?${query}`, api, language });

describe('coming back from the payment (/payment-success)', () => {
  it('confirms a paid subscription after asking the API about the session', async () => {
    const { user, api, location } = backFromPayment('session_id=cs_test_1', verified(true));

    expect(await screen.findByRole('heading', { name: 'Paiement confirmé avec succès!' })).toBeVisible();
    expect(api.callsTo('GET /api/payments/verify')[0]?.query.get('session_id')).toBe('cs_test_1');
    await user.click(screen.getByRole('link', { name: 'Voir mon profil' }));
    expect(location()).toBe('/profile');
  });

  it('confirms a paid renewal as a renewal, not as an order', async () => {
    backFromPayment('session_id=cs_test_2', verified(true, 'renewal-1'));

    expect(await screen.findByRole('heading', { name: 'Renouvellement confirmé !' })).toBeVisible();
    expect(screen.getByText(/Les mois payés s'ajoutent à votre abonnement/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Paiement confirmé avec succès!' })).toBeNull();
  });

  it.each([
    {
      title: 'confirms a paid renewal in English',
      session: 'cs_test_2',
      api: verified(true, 'renewal-1'),
      language: 'en',
      heading: 'Renewal confirmed!',
    },
    {
      title: 'says a renewal not paid yet is being processed',
      session: 'cs_test_2',
      api: verified(false, 'renewal-1'),
      language: 'fr',
      heading: 'Paiement en cours de traitement',
    },
    {
      title: 'says a payment not confirmed yet is being processed',
      session: 'cs_test_1',
      api: verified(false),
      language: 'fr',
      heading: 'Paiement en cours de traitement',
    },
  ] as const)('$title', async ({ session, api, language, heading }) => {
    backFromPayment(`session_id=${session}`, api, language);

    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
  });

  it('checks PayPal’s order by its token and says when the capture failed', async () => {
    const { api } = backFromPayment('provider=paypal&token=PAYPAL-ORDER-1', {
      'GET /api/payments/verify': () => problem(502, 'payment.provider_unavailable'),
    });

    expect(await screen.findByText('Échec de la capture du paiement')).toBeVisible();
    expect(api.callsTo('GET /api/payments/verify')[0]?.query.get('session_id')).toBe('PAYPAL-ORDER-1');
  });

  it('says a PayPal order the shop does not know is a capture that failed, and not found', async () => {
    backFromPayment('provider=paypal&token=UNKNOWN-ORDER', {
      'GET /api/payments/verify': () => problem(404, 'payment.session_not_found'),
    });

    expect(await screen.findByText('Échec de la capture du paiement')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Paiement introuvable' })).toBeVisible();
  });

  it.each([
    ['fr', 'Paiement introuvable'],
    ['en', 'Payment not found'],
  ] as const)(
    'says a return address naming no checkout of yours is not a payment being processed (%s)',
    async (language, heading) => {
      const { user, location } = backFromPayment(
        'session_id=bogus',
        { 'GET /api/payments/verify': () => problem(404, 'payment.session_not_found') },
        language,
      );

      expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
      expect(screen.queryByRole('heading', { name: /traitement|processed/ })).toBeNull();
      await user.click(screen.getByRole('link', { name: language === 'fr' ? 'Voir mon profil' : 'View my profile' }));
      expect(location()).toBe('/profile');
    },
  );

  it('says the return address is incomplete without a session', async () => {
    const { api } = renderScreen(<PaymentSuccessRoute />, { path: '/payment-success' });

    expect(await screen.findByRole('heading', { name: 'Session ID manquant' })).toBeVisible();
    expect(api.callsTo('GET /api/payments/verify')).toHaveLength(0);
  });
});

describe('a cancelled payment (/payment-cancelled)', () => {
  it('says so and offers the way home', async () => {
    const { user, location } = renderScreen(<PaymentCancelledRoute />, { path: '/payment-cancelled' });

    expect(screen.getByRole('heading', { name: 'Paiement annulé' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: "Retour à l'accueil" }));
    expect(location()).toBe('/');
  });
});
