import { createHmac } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { eventually, type TestShop } from '../testing/test-shop.js';
import { webhookStreamId } from './payment-service.js';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-provider.js';
import { startStripeStandIn } from './testing/stripe-stand-in.js';
import { TEST_SELLER_ENV } from '../testing/seller.js';

const SECRET_KEY = 'sk_test_sandbox_switch';

const standIn = useStandIn('stripe', () => startStripeStandIn({ secretKey: SECRET_KEY }));
/** Development, no real provider, SANDBOX_PAYMENTS=off. */
const off = useTestShop('sandbox-off', { env: { NODE_ENV: 'development', SANDBOX_PAYMENTS: 'off' }, plans: 5 });
/** Production with Stripe configured, SANDBOX_PAYMENTS=on. */
const on = useTestShop('sandbox-on', {
  env: () => ({
    NODE_ENV: 'production',
    ...TEST_SELLER_ENV,
    SANDBOX_PAYMENTS: 'on',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: 'whsec_sandbox_switch',
    STRIPE_API_URL: standIn.url,
  }),
  plans: 5,
});

const call = (shop: TestShop, method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { redirect: 'manual', ip: randomIp('10.31'), ...options });
const customer = (shop: TestShop) => signUpAndSignIn(shop.url, { label: 'switch', ip: randomIp('10.32') });

describe('SANDBOX_PAYMENTS=off', () => {
  it('does not offer the sandbox, refuses orders for it with a stable code, and places nothing', async () => {
    const providers = await call(off, 'GET', '/api/payments/providers');
    expect(providers.status).toBe(200);
    expect(providers.body).toEqual({ data: [] });

    const { token } = await customer(off);
    for (const body of [
      { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
      // Without a provider the order asks for the sandbox, the API's default.
      { planId: 'netflix', months: 1, billingCountry: 'FR' },
    ]) {
      const refused = await call(off, 'POST', '/api/orders', { token, body });
      expect(refused.status).toBe(422);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.code).toBe('payment.provider_unavailable');
    }
    expect((await call(off, 'GET', '/api/me/subscriptions', { token })).body.data).toEqual([]);
  });

  it('answers 404 on the sandbox pages and actions, even for a session opened while it was on, and records nothing', async () => {
    const { token } = await customer(off);
    // A checkout opened before the switch was turned off.
    await off.runtime.knex('sandbox_sessions').insert({
      id: 'sbx_opened_before_off',
      subscription_id: '00000000-0000-4000-8000-000000000001',
      description: 'Netflix - 1 mois',
      amount_cents: 453,
      currency: 'EUR',
      success_url: `${off.url}/payment-success?session_id=sbx_opened_before_off`,
      cancel_url: `${off.url}/payment-cancelled?session_id=sbx_opened_before_off`,
      language: 'fr',
    });
    const page = await call(off, 'GET', '/sandbox/checkout/sbx_opened_before_off', {
      token,
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(404);
    for (const action of ['pay', 'cancel']) {
      const reply = await call(off, 'POST', `/sandbox/sessions/sbx_opened_before_off/${action}`, { token });
      expect(reply.status).toBe(404);
    }
    expect((await off.runtime.knex('sandbox_sessions').where({ id: 'sbx_opened_before_off' }).first()).status).toBe(
      'open',
    );

    // A notification signed with the sandbox's own key is not taken either.
    const event = {
      id: 'sbxevt_sbx_opened_before_off_paid',
      type: 'payment.succeeded',
      sessionId: 'sbx_opened_before_off',
      subscriptionId: '00000000-0000-4000-8000-000000000001',
      amountCents: 453,
      currency: 'EUR',
      occurredAt: new Date().toISOString(),
    };
    const raw = JSON.stringify(event);
    const signature = createHmac('sha256', off.runtime.keys.sandboxWebhooks).update(raw).digest('hex');
    const webhook = await call(off, 'POST', '/webhooks/sandbox', {
      raw,
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    expect(webhook.status).toBe(422);
    expect(webhook.body.code).toBe('payment.provider_unavailable');
    expect(await off.runtime.store.readStream(webhookStreamId('sandbox', event.id))).toEqual([]);
  });
});

describe('SANDBOX_PAYMENTS=on in production beside Stripe', () => {
  it('offers the sandbox after the card, and its owner pays an order with it', async () => {
    const providers = await call(on, 'GET', '/api/payments/providers');
    expect(providers.body).toEqual({
      data: [
        { name: 'stripe', label: 'card' },
        { name: 'sandbox', label: 'sandbox' },
      ],
    });

    const { token } = await customer(on);
    const placed = await call(on, 'POST', '/api/orders', {
      token,
      body: { planId: 'spotify', months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(placed.status).toBe(201);
    const sessionId = String(placed.body.redirectUrl).split('/').pop()!;
    const paid = await call(on, 'POST', `/sandbox/sessions/${sessionId}/pay`, { token });
    expect(paid.status).toBe(303);
    const subscriptionId = String(placed.body.subscriptionId);
    await eventually(
      async () => (await on.runtime.store.readStream(subscriptionStreamId(subscriptionId))).map((e) => e.type),
      (types) => types.includes('PaymentConfirmed'),
    );
  });
});
