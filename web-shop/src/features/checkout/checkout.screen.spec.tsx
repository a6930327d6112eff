import type { OrderResponse, PaymentProviderOption, PaymentProviders, Plan, PromoCheck } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CheckoutRoute from '../../app/routes/checkout';
import { aCustomer, aPlan } from '../../testing/fixtures';
import type { Routes } from '../../testing/fetch-mock';
import { json, problem, renderScreen } from '../../testing/render-screen';

const plan = aPlan({ monthlyPriceCents: 1000 });

const checkoutApi = (overrides: Routes = {}): Routes => ({
  'GET /api/plans/:id': () => json<Plan>(plan),
  'GET /api/payments/providers': () =>
    json<PaymentProviders>({
      data: [
        { name: 'stripe', label: 'card' },
        { name: 'paypal', label: 'paypal' },
      ],
    }),
  'POST /api/promo-codes/check': ({ body }) => {
    const { code, months } = body as { code: string; months: number };
    return code === 'BIENVENUE'
      ? json<PromoCheck>({
          valid: true,
          code,
          percentOff: 10,
          subtotalCents: 1000 * months,
          discountCents: 100 * months,
          totalCents: 900 * months,
          currency: 'EUR',
        })
      : json<PromoCheck>({ valid: false, code, reason: 'promo.expired' });
  },
  'POST /api/orders': () =>
    json<OrderResponse>(
      {
        orderId: 'order-1',
        subscriptionId: 'sub-1',
        status: 'pending',
        totalCents: 2700,
        currency: 'EUR',
        redirectUrl: 'https://paypal.example/pay/order-1',
      },
      { status: 201 },
    ),
  ...overrides,
});

const checkout = (api: Routes, options: { signedIn?: boolean; language?: 'fr' | 'en' } = {}) =>
  renderScreen(<CheckoutRoute />, {
    path: '/checkout/:id',
    url: '/checkout/netflix-premium?months=3',
    api,
    user: options.signedIn === false ? undefined : aCustomer(),
    language: options.language,
  });

const providers = (...names: PaymentProviderOption['name'][]): Routes => ({
  'GET /api/payments/providers': () =>
    json<PaymentProviders>({
      data: names.map((name) => ({ name, label: name === 'stripe' ? 'card' : name })),
    }),
});

// Prices are written with the narrow no-break space French puts before the euro sign, hence \s in names.
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the checkout (/checkout/:id)', () => {
  it('asks a visitor to sign in first, and comes back to the same order', async () => {
    const { user, location } = checkout(checkoutApi(), { signedIn: false });

    expect(await screen.findByRole('heading', { name: 'Connexion requise' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Se connecter' }));

    expect(location()).toBe(`/auth?redirect=${encodeURIComponent('/checkout/netflix-premium?months=3')}`);
  });

  it('applies a promo code to the duration chosen and orders with it through the provider pressed', async () => {
    const leave = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, api } = checkout(checkoutApi());

    expect(await screen.findByRole('radio', { name: /3 mois/ })).toBeChecked();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('30,00 €');
    await user.type(screen.getByRole('textbox', { name: 'Code promo' }), 'BIENVENUE');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));

    expect(await screen.findByText('Code valide - 10% de réduction')).toBeVisible();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('27,00 €');
    await user.click(await screen.findByRole('button', { name: /^Payer avec PayPal 27,00\s€$/ }));

    await expect.poll(() => leave.mock.calls[0]?.[0]).toBe('https://paypal.example/pay/order-1');
    const [order] = api.callsTo('POST /api/orders');
    expect(order?.body).toEqual({ planId: 'netflix-premium', months: 3, promoCode: 'BIENVENUE', provider: 'paypal' });
    expect(order?.query.get('lang')).toBe('fr');
  });

  it('says why a promo code is refused and orders nothing with it', async () => {
    const { user, api } = checkout(checkoutApi());

    await user.type(await screen.findByRole('textbox', { name: 'Code promo' }), 'ETE2020');
    await user.click(await screen.findByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    expect(await screen.findByText('Ce code promo a expiré')).toBeVisible();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('30,00 €');
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it('says when the payment provider cannot take the order', async () => {
    const { user } = checkout(checkoutApi({ 'POST /api/orders': () => problem(503, 'payment.provider_unavailable') }));

    await user.click(await screen.findByRole('radio', { name: /1 mois/ }));
    await user.click(await screen.findByRole('button', { name: /^Payer par carte 10,00\s€$/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le moyen de paiement est momentanément indisponible. Réessayez plus tard.',
    );
  });
});

describe('automatic renewal at the checkout', () => {
  it('is unticked by default, explained, and sends autoRenew when ticked', async () => {
    const leave = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, api } = checkout(checkoutApi());

    const box = await screen.findByRole('checkbox', { name: 'Renouveler automatiquement' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      "Le même moyen de paiement est débité 3 jours avant l'échéance, pour la même durée au prix du moment. Résiliable à tout moment depuis votre profil.",
    );
    await user.click(box);

    // PayPal cannot keep the payment method: it is not offered while the box is ticked.
    expect(screen.getByRole('button', { name: /^Payer avec PayPal/ })).toBeDisabled();
    expect(screen.getByText(/Le renouvellement automatique n'est pas proposé avec PayPal\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    await expect.poll(() => leave.mock.calls.length).toBe(1);
    expect(api.callsTo('POST /api/orders')[0]?.body).toEqual({
      planId: 'netflix-premium',
      months: 3,
      provider: 'stripe',
      autoRenew: true,
    });
  });

  it('sends no autoRenew when the box is left unticked', async () => {
    const leave = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, api } = checkout(checkoutApi());

    await user.click(await screen.findByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    await expect.poll(() => leave.mock.calls.length).toBe(1);
    expect(api.callsTo('POST /api/orders')[0]?.body).toEqual({
      planId: 'netflix-premium',
      months: 3,
      provider: 'stripe',
    });
  });

  it('is not offered when the only providers cannot keep a payment method', async () => {
    checkout(checkoutApi(providers('paypal', 'payssion')));

    expect(await screen.findByRole('button', { name: /^Payer avec PayPal/ })).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: 'Renouveler automatiquement' })).toBeNull();
  });

  it('says in English when the provider refuses automatic renewal', async () => {
    const { user } = checkout(
      checkoutApi({
        ...providers('mollie'),
        'POST /api/orders': () => problem(422, 'payment.renewal_unsupported'),
      }),
      { language: 'en' },
    );

    await user.click(await screen.findByRole('checkbox', { name: 'Renew automatically' }));
    await user.click(screen.getByRole('button', { name: /^Pay/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment method cannot renew automatically: pay by card or untick "Renew automatically".',
    );
  });
});
