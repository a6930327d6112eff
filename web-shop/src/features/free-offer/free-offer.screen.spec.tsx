import type { CustomerSubscriptions, FreeOffer, FreeOfferClaimed, Plan } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SubscriptionRoute from '../../app/routes/subscription';
import { aCustomer, aMySubscription, aPlan } from '../../testing/fixtures';
import type { Routes } from '../../testing/fetch-mock';
import { json, problem, renderScreen } from '../../testing/render-screen';

const offer: FreeOffer = {
  planId: 'netflix-premium',
  planName: 'Netflix Premium',
  months: 12,
  placesLeft: 3,
  claimedByYou: false,
};

function offerApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/plans/:id': () => json<Plan>(aPlan()),
    'GET /api/free-offer': () => json<FreeOffer>(offer),
    'POST /api/free-offer/claim': () => json<FreeOfferClaimed>({ subscriptionId: 'sub-free' }, { status: 201 }),
    'GET /api/me/subscriptions': () =>
      json<CustomerSubscriptions>({
        data: [
          aMySubscription({
            id: 'sub-free',
            totalCents: 0,
            months: 12,
            expiresAt: '2027-11-25T10:00:00.000Z',
            purchasedAt: '2026-11-25T10:00:00.000Z',
          }),
        ],
        activeCount: 1,
        totalSpentCents: 0,
        currency: 'EUR',
      }),
    ...overrides,
  };
}

const planPage = (api: Routes, signedIn: boolean) =>
  renderScreen(<SubscriptionRoute />, {
    path: '/subscription/:id',
    url: '/subscription/netflix-premium',
    user: signedIn ? aCustomer() : undefined,
    api,
  });

describe('the free offer (on its plan’s page)', () => {
  it('sends a visitor to sign in, to come back and finish the claim', async () => {
    const { user, api, location } = planPage(offerApi(), false);

    expect(await screen.findByRole('heading', { name: 'Accès illimité pendant 12 mois' })).toBeVisible();
    expect(screen.getByText(/plus que 3 places/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Obtenir GRATUITEMENT' }));

    expect(location()).toBe(`/auth?redirect=${encodeURIComponent('/subscription/netflix-premium?claim=free-offer')}`);
    expect(api.callsTo('POST /api/free-offer/claim')).toHaveLength(0);
  });

  it('claims it for a signed-in customer and opens the profile', async () => {
    const { user, api, location } = planPage(offerApi(), true);

    await user.click(await screen.findByRole('button', { name: 'Obtenir GRATUITEMENT' }));

    await expect.poll(location).toBe('/profile');
    expect(api.callsTo('POST /api/free-offer/claim')).toHaveLength(1);
  });

  it('says when every place is taken', async () => {
    const { user } = planPage(
      offerApi({ 'POST /api/free-offer/claim': () => problem(409, 'free_offer.sold_out') }),
      true,
    );

    await user.click(await screen.findByRole('button', { name: 'Obtenir GRATUITEMENT' }));

    expect(await screen.findByText("Toutes les places de l'offre gratuite sont prises.")).toBeVisible();
  });
});
