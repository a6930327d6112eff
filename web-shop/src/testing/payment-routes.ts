import type { PaymentProviderOption, PaymentProviders } from '@shop/contracts';
import { json, problem, type Routes } from './fetch-mock';

/** `GET /api/payments/providers` offering `names`, Stripe as the card. */
export const providers = (...names: PaymentProviderOption['name'][]): Routes => ({
  'GET /api/payments/providers': () =>
    json<PaymentProviders>({
      data: names.map((name) => ({ name, label: name === 'stripe' ? 'card' : name })),
    }),
});

/** A customer never billed before (no billing details remembered), who may pay by card or with PayPal. */
export const firstPaymentRoutes = (): Routes => ({
  'GET /api/me/billing': () => problem(404, 'billing.not_found'),
  ...providers('stripe', 'paypal'),
});
