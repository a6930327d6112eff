import type { HistoryEntry, SubscriptionAsOf } from '@shop/contracts';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { createJobHandlers } from '../subscriptions/subscription-jobs.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { eventually } from '../testing/test-shop.js';
import { useStripeShop } from '../testing/shop-under-test.js';

const SECRET_KEY = 'sk_test_shop_history';
const WEBHOOK_SECRET = 'whsec_shop_history_secret';

const { shop, standIn } = useStripeShop('history', { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
let admin: HttpCustomer;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'auditor', fullName: 'Aude Auditrice', ip: randomIp('10.91') });
});

const call = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
  requestJson(shop.url, method, path, { token, body, headers, ip: '10.91.0.1' });

async function historyOf(path: string, query = '?sort=["position","ASC"]&range=[0,199]&lang=fr') {
  const reply = await call('GET', `${path}/history${query}`, admin.token);
  expect(reply.status).toBe(200);
  return { entries: reply.body as unknown as HistoryEntry[], range: reply.headers.get('content-range') };
}

const asOf = (subscriptionId: string, at: string) =>
  call('GET', `/api/admin/subscriptions/${subscriptionId}?asOf=${encodeURIComponent(at)}`, admin.token);

/** `customer` orders Netflix for 3 months with the launch code, to pay with Stripe, once the catalogue lists it. */
const stripeOrder = (customer: HttpCustomer, ipPrefix: string) =>
  eventually(
    () =>
      requestJson(shop.url, 'POST', '/api/orders', {
        token: customer.token,
        body: { planId: 'netflix', months: 3, promoCode: 'BIENVENUE10', provider: 'stripe', billingCountry: 'FR' },
        ip: randomIp(ipPrefix),
      }),
    (res) => res.status !== 422,
  );

/** A customer who orders Netflix for 3 months with the launch code and pays with Stripe (12,23 €). */
async function paidWithStripe() {
  const customer = await signUpAndSignIn(shop.url, {
    label: 'history',
    fullName: 'Camille Martin',
    ip: randomIp('10.92'),
  });
  const order = await stripeOrder(customer, '10.93');
  expect(order.status).toBe(201);
  const subscriptionId = String(order.body.subscriptionId);
  const sessionId = String(order.body.redirectUrl).split('/').pop()!;
  const completed = standIn.event('checkout.session.completed', standIn.pay(sessionId));
  const payload = JSON.stringify(completed);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const delivered = await requestJson(shop.url, 'POST', '/webhooks/stripe', {
    raw: payload,
    headers: { 'Stripe-Signature': signature },
  });
  expect(delivered.status).toBe(200);
  await eventually(
    () => shop.runtime.knex('subscriptions').where({ id: subscriptionId }).first('status'),
    (row) => row?.status === 'active',
  );
  return { customer, subscriptionId, webhookEventId: completed.id };
}

describe("a subscription's history and its state as of any instant", () => {
  it('lists order, notification, payment, credentials, status changes and expiry in order, causes followed, and asOf answers each step', async () => {
    const { customer, subscriptionId, webhookEventId } = await paidWithStripe();

    const set = await call('POST', '/api/admin/credentials', admin.token, {
      planId: 'netflix',
      email: 'family-netflix@example.com',
      password: 'Shared-Secret-42',
    });
    expect(set.status).toBe(201);
    const assigned = await call('POST', `/api/admin/subscriptions/${subscriptionId}/credentials`, admin.token, {
      credentialsId: set.body.id,
    });
    expect(assigned.status).toBe(200);
    for (const [status, reason] of [
      ['suspended', 'Paiement contesté, vérification en cours'],
      ['active', 'Vérification faite'],
    ] as const) {
      const changed = await call('PUT', `/api/admin/subscriptions/${subscriptionId}`, admin.token, { status, reason });
      expect(changed.status).toBe(200);
    }
    // The expiry job, run as if the paid period were over.
    const expiresAt = (await shop.runtime.knex('subscriptions').where({ id: subscriptionId }).first('expires_at'))
      .expires_at as Date;
    await createJobHandlers({
      store: shop.runtime.store,
      commands: shop.runtime.commands,
      knex: shop.runtime.knex,
      clock: () => new Date(expiresAt.getTime() + 60_000),
      logger: createLogger({ level: 'silent' }),
    })['expire-subscription']({ subscriptionId });

    const { entries, range } = await historyOf(`/api/admin/subscriptions/${subscriptionId}`);
    expect(entries.map((entry) => entry.type)).toEqual([
      'AccountRegistered',
      'OrderPlaced',
      'PaymentSessionOpened',
      'PaymentWebhookReceived',
      'PaymentConfirmed',
      'CredentialSetCreated',
      'CredentialsAssigned',
      'SubscriptionStatusChanged',
      'SubscriptionStatusChanged',
      'SubscriptionExpired',
    ]);
    expect(range).toBe(`history 0-9/10`);
    const positions = entries.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const byType = (type: string) => entries.filter((entry) => entry.type === type);
    const [webhook] = byType('PaymentWebhookReceived');
    const [confirmed] = byType('PaymentConfirmed');
    // The payment names the notification that caused it, and the notification is in the history.
    expect(confirmed!.causationId).toBe(webhook!.id);
    expect(webhook!.streamId).toBe(`webhook-stripe-${webhookEventId}`);
    expect(webhook!.actor).toEqual({ type: 'provider', id: 'stripe', name: 'Stripe' });
    expect(confirmed!.summary).toMatch(/^Paiement confirmé par Stripe : 12,23\s€/);
    expect(byType('OrderPlaced')[0]!.actor).toEqual({
      type: 'customer',
      id: customer.userId,
      name: 'Camille Martin',
    });
    const [suspended, reactivated] = byType('SubscriptionStatusChanged');
    expect(suspended!.actor).toEqual({ type: 'admin', id: admin.userId, name: 'Aude Auditrice' });
    expect(suspended!.summary).toBe(
      'Statut changé de actif à suspendu par Aude Auditrice (motif : Paiement contesté, vérification en cours)',
    );
    expect(suspended!.correlationId).toEqual(expect.any(String));
    const [expired] = byType('SubscriptionExpired');
    expect(expired!.actor).toMatchObject({ type: 'system', id: 'expiry', name: "tâche d'expiration" });
    expect(expired!.causationId).toBe(confirmed!.id);
    // The credential set's version, and no secret anywhere in the history.
    expect(byType('CredentialsAssigned')[0]!.data).toMatchObject({ credentialsId: set.body.id, credentialsVersion: 1 });
    expect(JSON.stringify(entries)).not.toContain('Shared-Secret-42');
    // The customer's identity, opened while they are not erased.
    expect(byType('AccountRegistered')[0]!.data).toMatchObject({ email: customer.email, fullName: 'Camille Martin' });

    // In English, newest first, one page at a time.
    const english = await historyOf(
      `/api/admin/subscriptions/${subscriptionId}`,
      '?sort=["position","DESC"]&range=[0,1]&lang=en',
    );
    expect(english.entries.map((entry) => entry.type)).toEqual(['SubscriptionExpired', 'SubscriptionStatusChanged']);
    expect(english.range).toBe('history 0-1/10');
    expect(english.entries[1]!.summary).toBe(
      'Status changed from suspended to active by Aude Auditrice (reason: Vérification faite)',
    );
    const paymentInEnglish = await historyOf(
      `/api/admin/subscriptions/${subscriptionId}`,
      '?sort=["position","ASC"]&range=[4,4]',
    );
    expect(paymentInEnglish.entries[0]!.type).toBe('PaymentConfirmed');

    // As of each step: the state that step left.
    const at = (entry: HistoryEntry | undefined) => entry!.recordedAt;
    const expectations: Array<[string, Partial<SubscriptionAsOf>]> = [
      [at(byType('OrderPlaced')[0]), { status: 'pending', totalCents: 1223, expiresAt: null, credentialsId: null }],
      [at(confirmed), { status: 'active', totalCents: 1223, expiresAt: expiresAt.toISOString(), credentialsId: null }],
      [
        at(byType('CredentialsAssigned')[0]),
        { status: 'active', credentialsId: String(set.body.id), credentialsVersion: 1 },
      ],
      [at(suspended), { status: 'suspended' }],
      [at(reactivated), { status: 'active' }],
      [at(expired), { status: 'expired', version: 7 }],
    ];
    for (const [instant, expected] of expectations) {
      const reply = await asOf(subscriptionId, instant);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: subscriptionId, asOf: instant, planName: 'Netflix', ...expected });
    }
    const before = new Date(Date.parse(at(byType('OrderPlaced')[0])) - 1).toISOString();
    expect((await asOf(subscriptionId, before)).body).toMatchObject({
      status: 404,
      code: 'subscription.not_found_as_of',
    });
    for (const bad of ['yesterday', '2026-13-45T00:00:00Z', '2026-11-24'])
      expect((await asOf(subscriptionId, bad)).body).toMatchObject({ status: 400, code: 'validation.failed' });
  });

  it("shows a payment found by a sync with the provider's answer that caused it, recorded before", async () => {
    const customer = await signUpAndSignIn(shop.url, { label: 'sync', fullName: 'Inès Roy', ip: randomIp('10.94') });
    const order = await stripeOrder(customer, '10.95');
    const subscriptionId = String(order.body.subscriptionId);
    // Paid at Stripe, but its notification never arrives: the operator's sync finds it.
    standIn.pay(String(order.body.redirectUrl).split('/').pop()!);
    const synced = await call('POST', '/api/admin/payments/sync', admin.token, { email: customer.email });
    expect(synced.status).toBe(200);

    const { entries } = await historyOf(`/api/admin/subscriptions/${subscriptionId}`);
    const observed = entries.find((entry) => entry.type === 'PaymentObserved');
    const confirmed = entries.find((entry) => entry.type === 'PaymentConfirmed');
    expect(observed?.streamId).toBe(`payment-sync-${String(synced.body.runId)}`);
    expect(confirmed?.causationId).toBe(observed!.id);
    expect(observed!.position).toBeLessThan(confirmed!.position);
    expect(observed!.summary).toMatch(/^Stripe a répondu : paiement .* de 12,23\s€/);
    expect(confirmed!.correlationId).toBe(entries.find((entry) => entry.type === 'PaymentObserved')!.correlationId);
  });

  it("shows a customer's own history with their sign-ins, and their personal data only until they are erased", async () => {
    const { customer, subscriptionId } = await paidWithStripe();
    const withSignIns = `?sort=["position","ASC"]&range=[0,199]&lang=fr&filter=${encodeURIComponent('{"signIns":true}')}`;
    const before = await historyOf(`/api/admin/users/${customer.userId}`, withSignIns);
    const types = before.entries.map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'SignedIn', 'OrderPlaced', 'PaymentConfirmed']));
    expect(types.indexOf('AccountRegistered')).toBe(0);
    expect(JSON.stringify(before.entries)).toContain(customer.email);

    expect((await call('DELETE', `/api/admin/users/${customer.userId}`, admin.token)).status).toBe(200);
    const after = await historyOf(`/api/admin/users/${customer.userId}`, withSignIns);
    // What came before stays; the erasure comes last (with what it ended, when it ends anything).
    const afterTypes = after.entries.map((entry) => entry.type);
    expect(afterTypes.slice(0, types.length)).toEqual(types);
    expect(afterTypes.at(-1)).toBe('PersonalDataErased');
    expect(JSON.stringify(after.entries)).not.toContain(customer.email);
    expect(after.entries[0]!.data).toMatchObject({ email: '[erased]', fullName: '[erased]' });
    expect(after.entries.at(-1)!.summary).toBe('Données personnelles effacées par Aude Auditrice');
    // The subscription's history is still readable, the person shown as erased, in the reader's language.
    const subscription = await historyOf(`/api/admin/subscriptions/${subscriptionId}`);
    expect(subscription.entries.find((entry) => entry.type === 'OrderPlaced')!.actor.name).toBe('[effacé]');
    const inEnglish = await historyOf(`/api/admin/subscriptions/${subscriptionId}`, '?lang=en');
    expect(inEnglish.entries.find((entry) => entry.type === 'OrderPlaced')!.actor.name).toBe('[erased]');
  });

  it('is 404 for what never existed, 400 for a bad page, and for admins only', async () => {
    expect((await call('GET', '/api/admin/subscriptions/nope/history', admin.token)).body).toMatchObject({
      status: 404,
      code: 'subscription.not_found',
    });
    expect((await call('GET', '/api/admin/users/nope/history', admin.token)).body).toMatchObject({
      status: 404,
      code: 'account.not_found',
    });
    // A bad page is refused before anything is looked up.
    expect((await call('GET', '/api/admin/users/nope/history?range=[5,1]', admin.token)).status).toBe(400);
    const { subscriptionId, customer } = await paidWithStripe();
    expect(
      (await call('GET', `/api/admin/subscriptions/${subscriptionId}/history?range=[5,1]`, admin.token)).body,
    ).toMatchObject({ status: 400, code: 'validation.failed' });
    expect((await call('GET', `/api/admin/subscriptions/${subscriptionId}/history`)).status).toBe(401);
    expect((await call('GET', `/api/admin/subscriptions/${subscriptionId}/history`, customer.token)).status).toBe(403);
    expect((await call('GET', `/api/admin/users/${customer.userId}/history`, customer.token)).status).toBe(403);
    expect((await asOf(subscriptionId, new Date().toISOString())).status).toBe(200);
    expect(
      (await call('GET', `/api/admin/subscriptions/${subscriptionId}?asOf=2026-01-01T00:00:00Z`, customer.token))
        .status,
    ).toBe(403);
  });
});
