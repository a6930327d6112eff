import type { Knex } from 'knex';
import type { ShopConfig } from '../config.js';
import type { ShopKeys } from '../security/keys.js';
import type { PaymentProvider, ProviderName } from './payment-provider.js';
import { SandboxProvider } from './sandbox-provider.js';

export interface PaymentProviders {
  all: ReadonlyMap<ProviderName, PaymentProvider>;
  sandbox: SandboxProvider | null;
}

/**
 * Real providers are switched on by their keys. The sandbox is on everywhere except in
 * production once a real provider is configured.
 */
export function createPaymentProviders(deps: {
  config: ShopConfig;
  keys: ShopKeys;
  knex: Knex;
  clock: () => Date;
}): PaymentProviders {
  const { config } = deps;
  const all = new Map<ProviderName, PaymentProvider>();
  const realProviderConfigured = all.size > 0;
  const sandbox =
    config.nodeEnv === 'production' && realProviderConfigured
      ? null
      : new SandboxProvider({
          knex: deps.knex,
          publicUrl: config.publicUrl,
          signingKey: deps.keys.sandboxWebhooks,
          clock: deps.clock,
        });
  if (sandbox) all.set('sandbox', sandbox);
  return { all, sandbox };
}
