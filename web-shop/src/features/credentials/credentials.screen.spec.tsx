import type { SubscriptionCredentials } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProductAccessRoute from '../../app/routes/product-access';
import { aCustomer } from '../../testing/fixtures';
import type { Routes } from '../../testing/fetch-mock';
import { json, problem, renderScreen } from '../../testing/render-screen';

const ready: SubscriptionCredentials = {
  status: 'ready',
  subscriptionId: 'sub-1',
  planName: 'Netflix Premium',
  logo: null,
  email: 'family.share@example.com',
  password: 'S3cret-Pa55',
  additionalInfo: 'Profil « Camille »',
};

const access = (api: Routes) =>
  renderScreen(<ProductAccessRoute />, {
    path: '/product-access/:id',
    url: '/product-access/sub-1',
    user: aCustomer(),
    api,
  });

describe('a subscription’s credentials (/product-access/:id)', () => {
  it('keeps the password masked until the phrase is typed, then shows and copies it', async () => {
    const { user, api } = access({
      'GET /api/me/subscriptions/:id/credentials': () => json<SubscriptionCredentials>(ready),
    });

    expect(await screen.findByText('family.share@example.com')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Mot de passe masqué' })).toBeVisible();
    expect(screen.queryByText('S3cret-Pa55')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    await user.type(screen.getByRole('textbox', { name: 'Phrase de vérification' }), 'voir mot de pass');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(screen.getByRole('textbox', { name: 'Phrase de vérification' })).toBeInvalid();
    expect(within(screen.getByTestId('reveal-form')).getByText("Tapez exactement 'voir mot de passe'")).toBeVisible();
    expect(screen.queryByText('S3cret-Pa55')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Phrase de vérification' }), 'E');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(screen.getByTestId('credentials-password')).toHaveTextContent('S3cret-Pa55');

    await user.click(screen.getByRole('button', { name: 'Copier mot de passe' }));
    expect(await navigator.clipboard.readText()).toBe('S3cret-Pa55');
    expect(await screen.findByText('Mot de passe copié dans le presse-papier')).toBeVisible();
    expect(api.callsTo('GET /api/me/subscriptions/sub-1/credentials')[0]?.query.get('lang')).toBe('fr');
  });

  it('says the credentials are being prepared', async () => {
    access({
      'GET /api/me/subscriptions/:id/credentials': () =>
        json<SubscriptionCredentials>({
          status: 'preparing',
          subscriptionId: 'sub-1',
          planName: 'Netflix Premium',
          logo: null,
        }),
    });

    expect(await screen.findByRole('heading', { name: 'Identifiants en préparation' })).toBeVisible();
    expect(screen.getByText(/Votre abonnement Netflix Premium est actif/)).toBeVisible();
  });

  it('says the credentials exist only while the subscription is active', async () => {
    access({ 'GET /api/me/subscriptions/:id/credentials': () => problem(403, 'subscription.not_active') });

    expect(await screen.findByText('Abonnement inactif')).toBeVisible();
  });

  it('sends a visitor to sign in first', async () => {
    const { location } = renderScreen(<ProductAccessRoute />, {
      path: '/product-access/:id',
      url: '/product-access/sub-1',
    });

    await expect.poll(location).toBe('/auth?redirect=%2Fproduct-access%2Fsub-1');
  });
});
