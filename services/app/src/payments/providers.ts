import { findPaymentSession } from '@shop/projections';
import type { Knex } from 'knex';
import type { ShopConfig } from '../config.js';
import type { ShopKeys } from '../security/keys.js';
import { MollieProvider } from './mollie-provider.js';
import type { PaymentProvider, ProviderName } from './payment-provider.js';
import { PayPalProvider } from './paypal-provider.js';
import { PayssionProvider } from './payssion-provider.js';
import { SandboxProvider } from './sandbox-provider.js';
import { StripeProvider } from './stripe-provider.js';

export interface PaymentProviders {
  all: ReadonlyMap<ProviderName, PaymentProvider>;
  sandbox: SandboxProvider | null;
}

/**
 * Real providers are switched on by their keys. The sandbox follows `SANDBOX_PAYMENTS`: by
 * default on everywhere except in production once a real provider is configured.
 */
export function createPaymentProviders(deps: {
  config: ShopConfig;
  keys: ShopKeys;
  knex: Knex;
  clock: () => Date;
}): PaymentProviders {
  const { config } = deps;
  const all = new Map<ProviderName, PaymentProvider>();
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    all.set(
      'stripe',
      new StripeProvider({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiUrl: config.stripeApiUrl,
        clock: deps.clock,
      }),
    );
  }
  if (config.mollieApiKey) {
    all.set(
      'mollie',
      new MollieProvider({
        apiKey: config.mollieApiKey,
        apiUrl: config.mollieApiUrl,
        publicUrl: config.publicUrl,
        clock: deps.clock,
      }),
    );
  }
  if (config.paypalClientId && config.paypalClientSecret && config.paypalWebhookId) {
    all.set(
      'paypal',
      new PayPalProvider({
        clientId: config.paypalClientId,
        clientSecret: config.paypalClientSecret,
        webhookId: config.paypalWebhookId,
        apiUrl: config.paypalApiUrl,
        publicUrl: config.publicUrl,
        clock: deps.clock,
        openedByShop: async (orderId) => (await findPaymentSession(deps.knex, orderId, 'paypal')) !== null,
      }),
    );
  }
  if (config.payssionApiKey && config.payssionSecretKey && config.payssionPmId) {
    all.set(
      'payssion',
      new PayssionProvider({
        apiKey: config.payssionApiKey,
        secretKey: config.payssionSecretKey,
        pmId: config.payssionPmId,
        apiUrl: config.payssionApiUrl,
        publicUrl: config.publicUrl,
        clock: deps.clock,
      }),
    );
  }
  const sandbox = config.sandboxPayments
    ? new SandboxProvider({
        knex: deps.knex,
        publicUrl: config.publicUrl,
        signingKey: deps.keys.sandboxWebhooks,
        clock: deps.clock,
      })
    : null;
  if (sandbox) all.set('sandbox', sandbox);
  return { all, sandbox };
}
