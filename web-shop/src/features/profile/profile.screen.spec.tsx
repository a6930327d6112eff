import type {
  BillingDetails,
  CancellationAnswer,
  CustomerSubscription,
  CustomerSubscriptions,
  OrderResponse,
  Plan,
  Profile,
  RefundRequestAnswer,
  RenewalResponse,
} from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfileRoute from '../../app/routes/profile';
import { catchDeparture } from '../../testing/browser-departure';
import { browserLocale } from '../../testing/browser-locale';
import { aCustomer, aMySubscription, aPlan } from '../../testing/fixtures';
import { firstPaymentRoutes } from '../../testing/payment-routes';
import type { Routes } from '../../testing/fetch-mock';
import { json, noContent, problem, renderScreen } from '../../testing/render-screen';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as the profile writes it, in `locale`. */
const longDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));

/** Today as the profile writes it: a request is shown from the moment the API accepts it. */
const today = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date());

/** The profile of a signed-in customer (the browser holds the session's cookies). */
const profile = (api: Routes, language?: 'fr' | 'en') =>
  renderScreen(<ProfileRoute />, { path: '/profile', api, language, sessionCookie: true });

/**
 * The profile of a customer whose subscription runs until 31 January 2099, to renew in a browser set to
 * `locale` (whose country the renewal preselects); the payment page it leaves for is caught (`leave`).
 */
function renewalScreen({
  locale = 'fr-FR',
  language,
  routes,
}: { locale?: string; language?: 'fr' | 'en'; routes?: Routes } = {}) {
  const leave = catchDeparture();
  browserLocale(locale);
  return { leave, ...profile(lifecycleApi({ expiresAt: '2099-01-31T10:00:00.000Z' }, routes), language) };
}

/** A line of the first subscription the profile lists (`subscription-order`, `subscription-renewal`), once shown. */
async function firstSubscriptionLine(testId: string): Promise<HTMLElement> {
  const [first] = await screen.findAllByTestId('profile-subscription');
  return within(first!).getByTestId(testId);
}

/** Presses "Renouveler" on the only subscription; answers its renewal dialog. */
async function openRenewal(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Renouveler' }));
  return screen.findByRole('dialog', { name: 'Renouveler Netflix Premium' });
}

/** The customer's subscriptions as the API keeps them: the actions below change them as the API would. */
function lifecycleApi(first: Partial<CustomerSubscription>, overrides: Routes = {}): Routes {
  let rows = [subscription(first)];
  const list = (): CustomerSubscriptions => ({ data: rows, activeCount: 1, totalSpentCents: 2397, currency: 'EUR' });
  const change = (id: string, patch: Partial<CustomerSubscription>) => {
    rows = rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
  };
  return profileApi({
    'GET /api/me/subscriptions': () => json<CustomerSubscriptions>(list()),
    'GET /api/plans/:id': () => json<Plan>(aPlan({ monthlyPriceCents: 1000 })),
    ...firstPaymentRoutes(),
    'POST /api/me/subscriptions/:id/renew': ({ params, body }) =>
      json<RenewalResponse>(
        {
          subscriptionId: params.id ?? '',
          renewalId: 'renewal-1',
          months: (body as { months: number }).months,
          totalCents: 3000,
          currency: 'EUR',
          redirectUrl: `https://paypal.example/pay/${params.id}`,
        },
        { status: 201 },
      ),
    'POST /api/me/subscriptions/:id/cancel': ({ params }) => {
      const cancelledAt = '2026-11-26T09:00:00.000Z';
      change(params.id ?? '', { cancelledAt });
      return json<CancellationAnswer>({
        subscriptionId: params.id ?? '',
        cancelledAt,
        accessEndsAt: rows[0]?.expiresAt ?? '',
      });
    },
    'PUT /api/me/subscriptions/:id/auto-renew': ({ params, body }) => {
      const { enabled } = body as { enabled: boolean };
      const cancelledAt = enabled ? null : '2026-11-26T09:00:00.000Z';
      change(params.id ?? '', { autoRenew: enabled, cancelledAt });
      return json({ subscriptionId: params.id ?? '', cancelledAt, accessEndsAt: rows[0]?.expiresAt ?? '' });
    },
    'POST /api/me/subscriptions/:id/refund-request': ({ params }) => {
      change(params.id ?? '', { refundRequestedAt: '2026-11-26T09:00:00.000Z', refundableUntil: null });
      return json<RefundRequestAnswer>(
        {
          subscriptionId: params.id ?? '',
          paymentReference: 'pay-1',
          amountCents: 2397,
          currency: 'EUR',
          status: 'requested',
        },
        { status: 201 },
      );
    },
    ...overrides,
  });
}

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

  it('tells a renewed subscription’s order from what it paid in all, in French and in English', async () => {
    const renewed = subscription({ months: 3, totalCents: 2397, renewalCount: 2, paidCents: 3 * 2397 });
    const api = profileApi({
      'GET /api/me/subscriptions': () => json<CustomerSubscriptions>({ ...mine, data: [renewed] }),
    });
    const { unmount } = profile(api);
    expect(await firstSubscriptionLine('subscription-order')).toHaveTextContent(
      /^3 mois · 23,97 € · renouvelé 2 fois, 71,91 € payés en tout$/,
    );
    unmount();

    profile(api, 'en');
    expect(await firstSubscriptionLine('subscription-order')).toHaveTextContent(
      /^3 months · €23\.97 · renewed 2 times, €71\.91 paid in all$/,
    );
  });

  it('says only the order of a subscription never renewed', async () => {
    profile(profileApi());
    expect(await firstSubscriptionLine('subscription-order')).toHaveTextContent(/^3 mois · 23,97 €$/);
  });

  it('sends a pending subscription back to its payment', async () => {
    const leave = catchDeparture();
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
    // A name of zero-width spaces looks as empty as none, and the shop would refuse it.
    await user.type(name, '\u200b\u200b');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le nom est requis')).toBeVisible();
    expect(api.callsTo('PATCH /api/me')).toHaveLength(0);

    await user.clear(name);
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

describe('renewing, cancelling and the 7-day guarantee from the profile', () => {
  it('says an active subscription renews only by hand, before its expiry', async () => {
    profile(lifecycleApi({ expiresAt: '2099-01-31T10:00:00.000Z' }));

    expect(await firstSubscriptionLine('subscription-renewal')).toHaveTextContent(
      "Renouvellement manuel — renouvelez avant le 31 janvier 2099, sinon l'accès prend fin ce jour-là",
    );
  });

  it('renews for 3 months: shows the total, then sends the browser to pay with the provider pressed', async () => {
    const { user, api, leave } = renewalScreen();

    const dialog = await openRenewal(user);
    expect(await within(dialog).findByRole('combobox', { name: 'Pays de résidence' })).toHaveValue('FR');
    expect(await within(dialog).findByText(/s'ajoutent à votre échéance actuelle du 31 janvier 2099/)).toBeVisible();
    await user.click(await within(dialog).findByRole('radio', { name: /3 mois/ }));
    expect(within(dialog).getByTestId('renew-total')).toHaveTextContent('30,00 €');
    expect(within(dialog).getByText('Nouvelle échéance : 30 avril 2099')).toBeVisible();
    // Its months start on 31 January 2099, long after the withdrawal period: nothing to ask.
    expect(within(dialog).queryByRole('checkbox', { name: /rétractation/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^Payer avec PayPal 30,00\s€$/ }));

    await expect.poll(() => leave.mock.calls[0]?.[0]).toBe('https://paypal.example/pay/sub-1');
    const [renewal] = api.callsTo('POST /api/me/subscriptions/sub-1/renew');
    expect(renewal?.body).toEqual({ months: 3, provider: 'paypal', billingCountry: 'FR' });
    expect(renewal?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(renewal?.query.get('lang')).toBe('fr');
  });

  it("renews billed to the last order's country and company", async () => {
    const { user, api } = renewalScreen({
      routes: {
        'GET /api/me/billing': () =>
          json<BillingDetails>({ billingCountry: 'BE', companyName: 'Atelier Lumière', vatNumber: null }),
      },
    });

    const dialog = await openRenewal(user);
    const country = await within(dialog).findByRole<HTMLSelectElement>('combobox', { name: 'Pays de résidence' });
    await expect.poll(() => country.value).toBe('BE');
    expect(country).toHaveDisplayValue('Belgique');
    await user.click(await within(dialog).findByRole('button', { name: /^Payer par carte/ }));

    expect(await api.onlyBody('POST /api/me/subscriptions/sub-1/renew')).toEqual({
      months: 1,
      provider: 'stripe',
      billingCountry: 'BE',
      companyName: 'Atelier Lumière',
    });
  });

  it('requires a country of residence to renew in English when the browser names none', async () => {
    const { user, api } = renewalScreen({ locale: 'en', language: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Netflix Premium' });
    const country = await within(dialog).findByRole('combobox', { name: /^Country of residence/ });
    expect(country).toHaveValue('');
    await user.click(await within(dialog).findByRole('button', { name: /^Pay by card/ }));

    expect(await within(dialog).findByText('Choose your country of residence')).toBeVisible();
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/renew')).toHaveLength(0);
    await user.selectOptions(country, 'Germany');
    await user.click(within(dialog).getByRole('button', { name: /^Pay by card/ }));

    expect(await api.onlyBody('POST /api/me/subscriptions/sub-1/renew')).toEqual({
      months: 1,
      provider: 'stripe',
      billingCountry: 'DE',
    });
  });

  it('asks, for months that start within the withdrawal period, the express request for them to start then', async () => {
    const expiresAt = new Date(Date.now() + 5 * DAY_MS).toISOString();
    const leave = catchDeparture();
    browserLocale('fr-FR');
    const { user, api } = profile(lifecycleApi({ expiresAt }));

    const dialog = await openRenewal(user);
    const request = await within(dialog).findByRole('checkbox', {
      name: `Je demande que les mois renouvelés commencent le ${longDate(expiresAt, 'fr-FR')}, avant la fin du délai de rétractation de 14 jours, et je reconnais perdre mon droit de rétractation une fois le service entièrement fourni.`,
    });
    expect(request).not.toBeChecked();
    expect(within(dialog).getByRole('link', { name: 'Conditions générales : droit de rétractation' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await user.click(within(dialog).getByRole('button', { name: /^Payer par carte/ }));
    expect(
      await within(dialog).findByText(
        'Cochez cette case pour renouveler : les mois renouvelés commencent avant la fin du délai de rétractation.',
      ),
    ).toBeVisible();
    expect(request).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/renew')).toHaveLength(0);

    await user.click(request);
    await user.click(within(dialog).getByRole('button', { name: /^Payer par carte/ }));
    expect(await api.onlyBody('POST /api/me/subscriptions/sub-1/renew')).toEqual({
      months: 1,
      provider: 'stripe',
      billingCountry: 'FR',
      immediateAccess: true,
    });
    await expect.poll(() => leave.mock.calls.length).toBe(1);
  });

  it('asks, in English, for an expired subscription to start again at once', async () => {
    browserLocale('en-GB');
    catchDeparture();
    const { user, api } = profile(lifecycleApi({ status: 'expired', expiresAt: '2026-01-31T10:00:00.000Z' }), 'en');

    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Netflix Premium' });
    await user.click(
      await within(dialog).findByRole('checkbox', {
        name: 'I ask for access to start now, before the 14-day withdrawal period ends, and I acknowledge that I lose my right of withdrawal once the service has been fully provided.',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: /^Pay by card/ }));
    expect(await api.onlyBody('POST /api/me/subscriptions/sub-1/renew')).toMatchObject({ immediateAccess: true });
  });

  it("opens the renewal straight away from the reminder e-mail's link", async () => {
    renderScreen(<ProfileRoute />, {
      path: '/profile',
      url: '/profile?renew=sub-1',
      api: lifecycleApi({ expiresAt: '2099-01-31T10:00:00.000Z' }),
      sessionCookie: true,
    });
    expect(await screen.findByRole('dialog', { name: 'Renouveler Netflix Premium' })).toBeVisible();
  });

  it('says in the dialog why a renewal is refused, and a new attempt gets a new key', async () => {
    const { user, api } = profile(
      lifecycleApi({}, { 'POST /api/me/subscriptions/:id/renew': () => problem(422, 'order.unknown_plan') }),
    );

    const dialog = await openRenewal(user);
    await user.click(await within(dialog).findByRole('button', { name: /^Payer par carte/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Cette offre n'est plus en vente : elle ne peut pas être renouvelée.",
    );
    await user.click(within(dialog).getByRole('button', { name: /^Payer par carte/ }));
    await expect.poll(() => api.callsTo('POST /api/me/subscriptions/sub-1/renew').length).toBe(2);
    const [first, second] = api.callsTo('POST /api/me/subscriptions/sub-1/renew');
    expect(first?.headers.get('Idempotency-Key')).not.toBe(second?.headers.get('Idempotency-Key'));
  });

  it('cancels in three clicks: the item then says until when access lasts', async () => {
    const { user, api } = profile(lifecycleApi({ expiresAt: '2099-01-31T10:00:00.000Z' }));

    await user.click(await screen.findByRole('button', { name: 'Résilier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Résilier Netflix Premium ?' });
    expect(within(dialog).getByText(/Vous gardez l'accès jusqu'au 31 janvier 2099/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la résiliation' }));

    expect(await screen.findByText("Abonnement résilié : vous gardez l'accès jusqu'au 31 janvier 2099.")).toBeVisible();
    const [item] = screen.getAllByTestId('profile-subscription');
    await expect
      .poll(() => within(item!).queryByTestId('subscription-renewal')?.textContent)
      .toBe("Résilié — accès jusqu'au 31 janvier 2099");
    expect(within(item!).queryByRole('button', { name: 'Résilier' })).toBeNull();
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/cancel')[0]?.body).toEqual({});
  });

  it('asks for a refund within the 7 days, a reason required, then shows the request on the item', async () => {
    const { user, api } = profile(lifecycleApi({ refundableUntil: '2026-12-01T10:00:00.000Z' }));

    await user.click(await screen.findByRole('button', { name: 'Demander un remboursement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demander un remboursement' });
    expect(
      within(dialog).getByText(
        /chaque paiement \(commande ou renouvellement\).*cette demande est possible jusqu'au 1 décembre 2026/,
      ),
    ).toHaveTextContent(/sous 3 à 5 jours ouvrés/);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await within(dialog).findByText('Indiquez la raison de votre demande')).toBeVisible();
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/refund-request')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Raison de la demande/ }),
      ' Le service ne marche pas ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));

    const [item] = await screen.findAllByTestId('profile-subscription');
    await expect
      .poll(() => within(item!).queryByTestId('subscription-refund')?.textContent)
      .toBe(`Remboursement demandé le ${today('fr-FR')}`);
    expect(within(item!).queryByRole('button', { name: 'Demander un remboursement' })).toBeNull();
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/refund-request')[0]?.body).toEqual({
      reason: 'Le service ne marche pas',
    });
  });

  it('offers only what applies: nothing for a pending order, no cancel once cancelled, no refund past the 7 days', async () => {
    profile(
      profileApi({
        'GET /api/me/subscriptions': () =>
          json<CustomerSubscriptions>({
            data: [
              subscription({ id: 'sub-p', status: 'pending', expiresAt: null, renewable: false }),
              subscription({ id: 'sub-c', cancelledAt: '2026-11-20T10:00:00.000Z', refundableUntil: null }),
            ],
            activeCount: 1,
            totalSpentCents: 2397,
            currency: 'EUR',
          }),
      }),
    );

    const [pending, cancelled] = await screen.findAllByTestId('profile-subscription');
    for (const name of ['Renouveler', 'Résilier', 'Demander un remboursement'])
      expect(within(pending!).queryByRole('button', { name })).toBeNull();
    expect(within(pending!).queryByTestId('subscription-renewal')).toBeNull();
    expect(within(cancelled!).getByRole('button', { name: 'Renouveler' })).toBeVisible();
    expect(within(cancelled!).queryByRole('button', { name: 'Résilier' })).toBeNull();
    expect(within(cancelled!).queryByRole('button', { name: 'Demander un remboursement' })).toBeNull();
    expect(within(cancelled!).getByTestId('subscription-renewal')).toHaveTextContent(
      "Résilié — accès jusqu'au 31 janvier 2099",
    );
  });

  it('works in English: the renewal line, the refund and the cancellation', async () => {
    const { user } = profile(lifecycleApi({ refundableUntil: '2026-12-01T10:00:00.000Z' }), 'en');

    const [item] = await screen.findAllByTestId('profile-subscription');
    expect(within(item!).getByTestId('subscription-renewal')).toHaveTextContent(
      'Manual renewal — renew before 31 January 2099, or access ends that day',
    );
    await user.click(within(item!).getByRole('button', { name: 'Request a refund' }));
    const refund = await screen.findByRole('dialog', { name: 'Request a refund' });
    expect(within(refund).getByText(/within 3–5 business days/)).toBeVisible();
    await user.type(within(refund).getByRole('textbox', { name: /^Reason for the request/ }), 'Not for me');
    await user.click(within(refund).getByRole('button', { name: 'Send the request' }));
    await expect
      .poll(() => within(item!).queryByTestId('subscription-refund')?.textContent)
      .toBe(`Refund requested on ${today('en-GB')}`);

    await user.click(await within(item!).findByRole('button', { name: 'Cancel' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel Netflix Premium?' });
    await user.type(within(cancel).getByRole('textbox', { name: /^Reason \(optional\)/ }), 'Too expensive');
    await user.click(within(cancel).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Subscription cancelled: you keep access until 31 January 2099.')).toBeVisible();
    await expect
      .poll(() => within(item!).queryByTestId('subscription-renewal')?.textContent)
      .toBe('Cancelled — access until 31 January 2099');
  });

  it('says in English why a renewal is refused', async () => {
    const { user } = profile(
      lifecycleApi({}, { 'POST /api/me/subscriptions/:id/renew': () => problem(409, 'subscription.not_renewable') }),
      'en',
    );

    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Netflix Premium' });
    await user.click(await within(dialog).findByRole('button', { name: /^Pay by card/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This subscription can no longer be renewed.');
  });
});

describe('automatic renewal on the profile', () => {
  const renewing: Partial<CustomerSubscription> = {
    expiresAt: '2099-01-31T10:00:00.000Z',
    autoRenew: true,
    paymentMethod: 'Visa •••• 4242',
    nextChargeAt: '2099-01-28T10:00:00.000Z',
    nextChargeCents: 3000,
  };

  it('says when and how much the kept method is charged next, and turning it off is the confirmed cancellation', async () => {
    const { user, api } = profile(lifecycleApi(renewing));

    const [item] = await screen.findAllByTestId('profile-subscription');
    expect(within(item!).getByTestId('subscription-renewal')).toHaveTextContent(
      'Renouvellement automatique le 28 janvier 2099 : 30,00 € (Visa •••• 4242)',
    );
    const toggle = within(item!).getByRole('switch', { name: /^Renouvellement automatique/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Résilier Netflix Premium ?' });
    expect(within(dialog).getByText(/plus rien ne sera prélevé sur Visa •••• 4242/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la résiliation' }));

    await expect
      .poll(() => within(item!).queryByTestId('subscription-renewal')?.textContent)
      .toBe("Résilié — accès jusqu'au 31 janvier 2099");
    expect(await within(item!).findByRole('switch', { name: /^Renouvellement automatique/ })).not.toBeChecked();
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/cancel')).toHaveLength(1);
  });

  it('says a subscription whose plan is no longer sold ends at its expiry, with nothing to renew or switch on', async () => {
    const withdrawn = { ...renewing, nextChargeAt: null, nextChargeCents: null, renewable: false, planWithdrawn: true };
    const { unmount } = profile(lifecycleApi(withdrawn));
    const [item] = await screen.findAllByTestId('profile-subscription');
    expect(within(item!).getByTestId('subscription-renewal')).toHaveTextContent(
      "Cette offre n'est plus proposée : l'abonnement ne sera pas renouvelé, accès jusqu'au 31 janvier 2099",
    );
    expect(within(item!).queryByRole('button', { name: 'Renouveler' })).toBeNull();
    expect(within(item!).queryByRole('switch')).toBeNull();
    unmount();

    profile(lifecycleApi(withdrawn), 'en');
    expect(await firstSubscriptionLine('subscription-renewal')).toHaveTextContent(
      'This plan is no longer offered: it will not renew, access until 31 January 2099',
    );
  });

  it('turns automatic renewal back on with the method kept', async () => {
    const { user, api } = profile(
      lifecycleApi({
        expiresAt: '2099-01-31T10:00:00.000Z',
        paymentMethod: 'Visa •••• 4242',
        cancelledAt: '2026-11-20T10:00:00.000Z',
      }),
    );

    const [item] = await screen.findAllByTestId('profile-subscription');
    const toggle = within(item!).getByRole('switch', { name: 'Renouvellement automatique (Visa •••• 4242)' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    expect(await screen.findByText('Renouvellement automatique réactivé.')).toBeVisible();
    expect(api.callsTo('PUT /api/me/subscriptions/sub-1/auto-renew')[0]?.body).toEqual({ enabled: true });
    await expect
      .poll(() => within(item!).queryByTestId('subscription-renewal')?.textContent)
      .toBe('Renouvellement automatique avant le 31 janvier 2099');
    expect(within(item!).getByRole('button', { name: 'Résilier' })).toBeVisible();
  });

  it('offers no switch without a kept method, and says why turning it on is refused', async () => {
    const { user } = profile(
      lifecycleApi(
        { paymentMethod: 'Visa •••• 4242', cancelledAt: '2026-11-20T10:00:00.000Z' },
        { 'PUT /api/me/subscriptions/:id/auto-renew': () => problem(409, 'subscription.no_saved_method') },
      ),
    );
    const [item] = await screen.findAllByTestId('profile-subscription');
    await user.click(within(item!).getByRole('switch', { name: /^Renouvellement automatique/ }));
    expect(await screen.findByText(/Aucun moyen de paiement n'est enregistré/)).toBeVisible();
  });

  it('has no switch for a subscription renewed by hand', async () => {
    profile(lifecycleApi({}));
    const [item] = await screen.findAllByTestId('profile-subscription');
    expect(within(item!).queryByRole('switch')).toBeNull();
  });

  it('warns of a declined renewal with the next try, and renews by hand from the warning', async () => {
    const { user } = profile(
      lifecycleApi({
        ...renewing,
        renewalFailedAt: '2099-01-28T10:00:00.000Z',
        renewalRetryAt: '2099-01-29T10:00:00.000Z',
      }),
    );

    const [item] = await screen.findAllByTestId('profile-subscription');
    const warning = within(item!).getByTestId('subscription-renewal-failed');
    expect(warning).toHaveTextContent('Le paiement du renouvellement a été refusé');
    expect(warning).toHaveTextContent('Nouvel essai le 29 janvier 2099');
    expect(within(item!).queryByTestId('subscription-renewal')).toBeNull();
    await user.click(within(warning).getByRole('button', { name: 'Renouveler maintenant' }));
    expect(await screen.findByRole('dialog', { name: 'Renouveler Netflix Premium' })).toBeVisible();
  });

  it('says when no try is left that it ends at its expiry, in English', async () => {
    profile(lifecycleApi({ ...renewing, renewalFailedAt: '2099-01-30T10:00:00.000Z', renewalRetryAt: null }), 'en');

    const warning = await screen.findByTestId('subscription-renewal-failed');
    expect(warning).toHaveTextContent('The renewal payment was declined');
    expect(warning).toHaveTextContent(
      'No try is left: the subscription ends on 31 January 2099 unless you renew it yourself.',
    );
    expect(within(warning).getByRole('button', { name: 'Renew now' })).toBeVisible();
  });

  it('says the next charge in English', async () => {
    profile(lifecycleApi(renewing), 'en');
    expect(await firstSubscriptionLine('subscription-renewal')).toHaveTextContent(
      'Automatic renewal on 28 January 2099: €30.00 (Visa •••• 4242)',
    );
  });

  it('asks for automatic renewal when renewing by hand with a card', async () => {
    const { user, api, leave } = renewalScreen();

    const dialog = await openRenewal(user);
    const box = await within(dialog).findByRole('checkbox', { name: 'Renouveler automatiquement' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(within(dialog).getByRole('button', { name: /^Payer avec PayPal/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /^Payer par carte/ }));

    await expect.poll(() => leave.mock.calls.length).toBe(1);
    expect(api.callsTo('POST /api/me/subscriptions/sub-1/renew')[0]?.body).toEqual({
      months: 1,
      provider: 'stripe',
      autoRenew: true,
      billingCountry: 'FR',
    });
  });
});
