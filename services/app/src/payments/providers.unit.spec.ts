import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import type { ShopKeys } from '../security/keys.js';
import { createPaymentProviders } from './providers.js';
import { TEST_SELLER_ENV } from '../testing/seller.js';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_unit', STRIPE_WEBHOOK_SECRET: 'whsec_unit' };
const MOLLIE = { MOLLIE_API_KEY: 'test_unit' };
const PAYPAL = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' };
const PAYSSION = { PAYSSION_API_KEY: 'sandbox_key', PAYSSION_SECRET_KEY: 'secret', PAYSSION_PM_ID: 'payssion_test' };

const keys = { sandboxWebhooks: Buffer.alloc(32, 1) } as ShopKeys;

/** The providers a shop configured with `env` offers, in the order it registers them. */
function offered(env: Record<string, string>): string[] {
  const config = loadConfig({ SECRETS_KEY, ...TEST_SELLER_ENV, ...env });
  const providers = createPaymentProviders({ config, keys, knex: {} as Knex, clock: () => new Date() });
  expect(providers.sandbox !== null).toBe(providers.all.has('sandbox'));
  return [...providers.all.keys()];
}

describe('which providers are offered', () => {
  it('offers the sandbox alone when no real provider is configured, in production too', () => {
    expect(offered({ NODE_ENV: 'production' })).toEqual(['sandbox']);
    expect(offered({ NODE_ENV: 'development' })).toEqual(['sandbox']);
  });

  it('drops the sandbox in production as soon as Stripe, Mollie, PayPal or Payssion is configured', () => {
    expect(offered({ NODE_ENV: 'production', ...STRIPE })).toEqual(['stripe']);
    expect(offered({ NODE_ENV: 'production', ...MOLLIE })).toEqual(['mollie']);
    expect(offered({ NODE_ENV: 'production', ...PAYPAL })).toEqual(['paypal']);
    expect(offered({ NODE_ENV: 'production', ...PAYSSION })).toEqual(['payssion']);
  });

  it('keeps the sandbox beside a real provider outside production', () => {
    expect(offered({ NODE_ENV: 'development', ...STRIPE })).toEqual(['stripe', 'sandbox']);
    expect(offered({ NODE_ENV: 'test', ...MOLLIE })).toEqual(['mollie', 'sandbox']);
  });

  it('SANDBOX_PAYMENTS=on keeps the sandbox beside a real provider in production', () => {
    expect(offered({ NODE_ENV: 'production', ...STRIPE, SANDBOX_PAYMENTS: 'on' })).toEqual(['stripe', 'sandbox']);
    expect(
      loadConfig({ SECRETS_KEY, ...TEST_SELLER_ENV, NODE_ENV: 'production', ...PAYPAL, SANDBOX_PAYMENTS: 'on' })
        .sandboxPayments,
    ).toBe(true);
  });

  it('SANDBOX_PAYMENTS=off switches the sandbox off anywhere, even with no other provider', () => {
    expect(offered({ NODE_ENV: 'development', SANDBOX_PAYMENTS: 'off' })).toEqual([]);
    expect(offered({ NODE_ENV: 'test', ...STRIPE, SANDBOX_PAYMENTS: 'off' })).toEqual(['stripe']);
    expect(
      loadConfig({ SECRETS_KEY, ...TEST_SELLER_ENV, NODE_ENV: 'production', SANDBOX_PAYMENTS: 'off' }).sandboxPayments,
    ).toBe(false);
  });

  it('reads an empty SANDBOX_PAYMENTS as unset, and refuses any other value naming the setting', () => {
    expect(offered({ NODE_ENV: 'production', ...STRIPE, SANDBOX_PAYMENTS: '' })).toEqual(['stripe']);
    expect(() => loadConfig({ SANDBOX_PAYMENTS: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_PAYMENTS: 'yes' })).toThrow(/SANDBOX_PAYMENTS/);
  });
});
