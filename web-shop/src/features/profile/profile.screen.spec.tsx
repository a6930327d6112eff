import type { CustomerSubscription, CustomerSubscriptions, OrderResponse, Profile } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfileRoute from '../../app/routes/profile';
import { aCustomer, aMySubscription } from '../../testing/fixtures';
import type { Routes } from '../../testing/fetch-mock';
import { json, noContent, renderScreen } from '../../testing/render-screen';

const subscription = (overrides: Partial<CustomerSubscription>) => aMySubscription(overrides);

const mine: CustomerSubscriptions = {
  data: [
    subscription({}),
    subscription({ id: 'sub-2', planId: 'spotify', planName: 'Spotify Famille', status: 'pending', expiresAt: null }),
  ],
  activeCount: 1,
  totalSpentCents: 2397,
  currency: 'EUR',
};

/** A signed-in customer whose name `PATCH /api/me` changes. */
function profileApi(overrides: Routes = {}): Routes {
  let me = aCustomer();
  return {
    'GET /api/me': () => json<Profile>(me),
    'PATCH /api/me': ({ body }) => {
      me = { ...me, ...(body as Partial<Profile>) };
      return json<Profile>(me);
    },
    'GET /api/me/subscriptions': () => json<CustomerSubscriptions>(mine),
    ...overrides,
  };
}

const profile = (api: Routes) => renderScreen(<ProfileRoute />, { path: '/profile', api });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the profile (/profile)', () => {
  it('asks a visitor to sign in', async () => {
    const { user, location } = renderScreen(<ProfileRoute />, { path: '/profile' });

    await user.click(await screen.findByRole('link', { name: 'Se connecter' }));

    expect(location()).toBe('/auth?redirect=%2Fprofile');
  });

  it('shows the customer’s figures and subscriptions, each with what can be done with it', async () => {
    profile(profileApi());

    const [netflix, spotify] = await screen.findAllByTestId('profile-subscription');
    expect(screen.getByText('Camille Martin')).toBeVisible();
    expect(screen.getByText('Total dépensé').parentElement).toHaveTextContent('23,97 €');
    expect(within(netflix!).getByText('Actif')).toBeVisible();
    expect(within(netflix!).getByRole('link', { name: 'Accéder' })).toHaveAttribute('href', '/product-access/sub-1');
    expect(within(spotify!).getByText('Paiement en attente')).toBeVisible();
    expect(within(spotify!).getByRole('button', { name: 'Finaliser le paiement' })).toBeVisible();
  });

  it('sends a pending subscription back to its payment', async () => {
    const leave = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, api } = profile(
      profileApi({
        'POST /api/orders/:id/checkout': ({ params }) =>
          json<OrderResponse>({
            orderId: 'order-2',
            subscriptionId: params.id ?? '',
            status: 'pending',
            totalCents: 450,
            currency: 'EUR',
            redirectUrl: `https://pay.example/${params.id}`,
          }),
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Finaliser le paiement' }));

    await expect.poll(() => leave.mock.calls[0]?.[0]).toBe('https://pay.example/sub-2');
    expect(api.callsTo('POST /api/orders/sub-2/checkout')).toHaveLength(1);
  });

  it('changes the name, refusing an empty one in French', async () => {
    const { user, api } = profile(profileApi());

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil' });
    const name = within(dialog).getByRole('textbox', { name: /^Nom complet/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le nom est requis')).toBeVisible();

    await user.type(name, '  Camille Dupont ');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Camille Dupont')).toBeVisible();
    expect(api.callsTo('PATCH /api/me')[0]?.body).toEqual({ fullName: 'Camille Dupont' });
  });

  it('signs out and goes home', async () => {
    const { user, api, location } = profile(profileApi({ 'POST /api/auth/sign-out': () => noContent() }));

    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    await expect.poll(location).toBe('/');
    expect(api.callsTo('POST /api/auth/sign-out')[0]?.body).toEqual({ scope: 'local' });
  });
});
