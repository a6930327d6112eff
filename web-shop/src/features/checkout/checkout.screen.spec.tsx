import type { BillingDetails, OrderResponse, Plan, PromoCheck } from '@shop/contracts';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CheckoutRoute from '../../app/routes/checkout';
import { catchDeparture } from '../../testing/browser-departure';
import { browserLocale } from '../../testing/browser-locale';
import { aCustomer, aPlan } from '../../testing/fixtures';
import { firstPaymentRoutes, providers } from '../../testing/payment-routes';
import type { Routes } from '../../testing/fetch-mock';
import { json, problem, renderScreen } from '../../testing/render-screen';

const plan = aPlan({ monthlyPriceCents: 1000 });
/** The order the card button sends for 3 months of the plan, access asked for now, before the billing details. */
const THREE_MONTHS_BY_CARD = { planId: 'netflix-premium', months: 3, provider: 'stripe', immediateAccess: true };

const IMMEDIATE_ACCESS = {
  fr: /^Je demande l'accès immédiat au service, avant la fin du délai de rétractation de 14 jours/,
  en: /^I ask for access to start now, before the 14-day withdrawal period ends/,
};

/** Ticks the express request for access before the withdrawal period ends, which paying needs. */
async function askForAccessNow(user: UserEvent, language: 'fr' | 'en' = 'fr') {
  await user.click(await screen.findByRole('checkbox', { name: IMMEDIATE_ACCESS[language] }));
}

const checkoutApi = (overrides: Routes = {}): Routes => ({
  'GET /api/plans/:id': () => json<Plan>(plan),
  ...firstPaymentRoutes(),
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

// Prices are written with the narrow no-break space French puts before the euro sign, hence \s in names.
beforeEach(() => {
  // A French browser: France is preselected.
  browserLocale('fr-FR');
});

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
    const leave = catchDeparture();
    const { user, api } = checkout(checkoutApi());

    expect(await screen.findByRole('radio', { name: /3 mois/ })).toBeChecked();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('30,00 €');
    await user.type(screen.getByRole('textbox', { name: 'Code promo' }), 'BIENVENUE');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));

    expect(await screen.findByText('Code valide - 10% de réduction')).toBeVisible();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('27,00 €');
    await askForAccessNow(user);
    await user.click(await screen.findByRole('button', { name: /^Payer avec PayPal 27,00\s€$/ }));

    await expect.poll(() => leave.mock.calls[0]?.[0]).toBe('https://paypal.example/pay/order-1');
    const [order] = api.callsTo('POST /api/orders');
    expect(order?.body).toEqual({
      planId: 'netflix-premium',
      months: 3,
      promoCode: 'BIENVENUE',
      provider: 'paypal',
      immediateAccess: true,
      billingCountry: 'FR',
    });
    expect(order?.query.get('lang')).toBe('fr');
  });

  it('says why a promo code is refused and orders nothing with it', async () => {
    const { user, api } = checkout(checkoutApi());

    await user.type(await screen.findByRole('textbox', { name: 'Code promo' }), 'ETE2020');
    await askForAccessNow(user);
    await user.click(await screen.findByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    expect(await screen.findByText('Ce code promo a expiré')).toBeVisible();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('30,00 €');
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });

  it('says when the payment provider cannot take the order', async () => {
    const { user } = checkout(checkoutApi({ 'POST /api/orders': () => problem(503, 'payment.provider_unavailable') }));

    await user.click(await screen.findByRole('radio', { name: /1 mois/ }));
    await askForAccessNow(user);
    await user.click(await screen.findByRole('button', { name: /^Payer par carte 10,00\s€$/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le moyen de paiement est momentanément indisponible. Réessayez plus tard.',
    );
  });
});

describe('access before the withdrawal period ends, at the checkout', () => {
  it('is asked for with a box left unticked, and nothing is ordered until it is ticked', async () => {
    const leave = catchDeparture();
    const { user, api } = checkout(checkoutApi());

    const box = await screen.findByRole('checkbox', { name: IMMEDIATE_ACCESS.fr });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleName(
      "Je demande l'accès immédiat au service, avant la fin du délai de rétractation de 14 jours, et je reconnais perdre mon droit de rétractation une fois le service entièrement fourni.",
    );
    expect(screen.getByRole('link', { name: 'Conditions générales : droit de rétractation' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await user.click(await screen.findByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
    expect(box).toHaveAccessibleDescription("Cochez cette case pour payer : l'accès est livré dès le paiement.");
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    await expect.poll(() => leave.mock.calls.length).toBe(1);
    expect(await api.onlyBody('POST /api/orders')).toEqual({ ...THREE_MONTHS_BY_CARD, billingCountry: 'FR' });
  });

  it('says so in English', async () => {
    const { user, api } = checkout(checkoutApi(), { language: 'en' });

    await user.click(await screen.findByRole('button', { name: /^Pay by card/ }));

    expect(
      await screen.findByText('Tick this box to pay: access is delivered as soon as you have paid.'),
    ).toBeVisible();
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
  });
});

describe('automatic renewal at the checkout', () => {
  it('is unticked by default, explained, and sends autoRenew when ticked', async () => {
    const leave = catchDeparture();
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
    await askForAccessNow(user);
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    await expect.poll(() => leave.mock.calls.length).toBe(1);
    expect(api.callsTo('POST /api/orders')[0]?.body).toEqual({
      ...THREE_MONTHS_BY_CARD,
      autoRenew: true,
      billingCountry: 'FR',
    });
  });

  it('sends no autoRenew when the box is left unticked', async () => {
    const leave = catchDeparture();
    const { user, api } = checkout(checkoutApi());

    await askForAccessNow(user);
    await user.click(await screen.findByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    await expect.poll(() => leave.mock.calls.length).toBe(1);
    expect(api.callsTo('POST /api/orders')[0]?.body).toEqual({ ...THREE_MONTHS_BY_CARD, billingCountry: 'FR' });
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
    await askForAccessNow(user, 'en');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This payment method cannot renew automatically: pay by card or untick "Renew automatically".',
    );
  });
});

describe('the billing country at the checkout', () => {
  it("preselects the browser's country, explains why it is asked, and sends the one chosen", async () => {
    catchDeparture();
    browserLocale('de-DE');
    const { user, api } = checkout(checkoutApi());

    const country = await screen.findByRole('combobox', { name: 'Pays de résidence' });
    expect(country).toHaveValue('DE');
    expect(country).toHaveDisplayValue('Allemagne');
    expect(country).toHaveAccessibleDescription('Utilisé pour votre facture et la TVA de votre pays.');
    await user.selectOptions(country, 'Belgique');
    await askForAccessNow(user);
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    expect(await api.onlyBody('POST /api/orders')).toEqual({ ...THREE_MONTHS_BY_CARD, billingCountry: 'BE' });
  });

  it('names the countries in the page language, sorted by name', async () => {
    checkout(checkoutApi());

    const names = Array.from(
      (await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Pays de résidence' })).options,
      (option) => option.text,
    ).slice(1);
    expect(names).toHaveLength(249);
    expect(names.slice(0, 3)).toEqual(['Afghanistan', 'Afrique du Sud', 'Albanie']);
    expect(names).toContain('États-Unis');
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });

  it("preselects the country and the company of the customer's last order", async () => {
    catchDeparture();
    const lastOrder: BillingDetails = {
      billingCountry: 'BE',
      companyName: 'Atelier Lumière',
      vatNumber: 'BE0123456789',
    };
    const { user, api } = checkout(checkoutApi({ 'GET /api/me/billing': () => json(lastOrder) }));

    const country = await screen.findByRole('combobox', { name: 'Pays de résidence' });
    await expect.poll(() => (country as HTMLSelectElement).value).toBe('BE');
    expect(screen.getByRole('button', { name: 'Achat professionnel\u00a0?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Raison sociale' })).toHaveValue('Atelier Lumière');
    await askForAccessNow(user);
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    expect(await api.onlyBody('POST /api/orders')).toEqual({ ...THREE_MONTHS_BY_CARD, ...lastOrder });
  });

  it('checks the VAT number of a business purchase, and sends it with its company', async () => {
    catchDeparture();
    const { user, api } = checkout(checkoutApi());

    const business = await screen.findByRole('button', { name: 'Achat professionnel\u00a0?' });
    await askForAccessNow(user);
    expect(business).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Raison sociale' })).toBeNull();
    await user.click(business);
    await user.type(screen.getByRole('textbox', { name: 'Raison sociale' }), 'Atelier Lumière');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de TVA intracommunautaire' }), '12345678901');
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));
    const vatNumber = screen.getByRole('textbox', { name: 'Numéro de TVA intracommunautaire' });
    await expect.poll(() => vatNumber.getAttribute('aria-invalid')).toBe('true');
    expect(vatNumber).toHaveAccessibleDescription(
      'Numéro de TVA invalide\u00a0: le code du pays puis le numéro, par exemple FR12345678901',
    );
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
    await user.clear(vatNumber);
    await user.type(vatNumber, 'fr 12345678901');
    await user.click(screen.getByRole('button', { name: /^Payer par carte 30,00\s€$/ }));

    expect(await api.onlyBody('POST /api/orders')).toEqual({
      ...THREE_MONTHS_BY_CARD,
      billingCountry: 'FR',
      companyName: 'Atelier Lumière',
      vatNumber: 'FR12345678901',
    });
  });

  it('requires a country in English when the browser names none, and orders once one is chosen', async () => {
    catchDeparture();
    browserLocale('en');
    const { user, api } = checkout(checkoutApi(), { language: 'en' });

    const country = await screen.findByRole('combobox', { name: /^Country of residence/ });
    expect(country).toHaveValue('');
    expect(country).toHaveAccessibleDescription("Used for your invoice and your country's VAT.");
    await askForAccessNow(user, 'en');
    await user.click(await screen.findByRole('button', { name: /^Pay by card/ }));

    expect(await screen.findByText('Choose your country of residence')).toBeVisible();
    expect(api.callsTo('POST /api/orders')).toHaveLength(0);
    await user.selectOptions(country, 'Germany');
    await user.click(screen.getByRole('button', { name: /^Pay by card/ }));

    expect(await api.onlyBody('POST /api/orders')).toMatchObject({ billingCountry: 'DE' });
  });
});
