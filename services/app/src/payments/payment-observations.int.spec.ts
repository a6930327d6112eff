import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import { rebuildProjection, subscriptionsProjection } from '@shop/projections';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { createJobHandlers } from '../subscriptions/subscription-jobs.js';
import { onlyOfType } from '../testing/recorded-events.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { randomIp, requestJson, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { shopctlProcess } from '../testing/shopctl-process.js';
import { grantAdmin, eventually } from '../testing/test-shop.js';
import { placeStripeOrder } from '../testing/provider-checkout.js';
import { useStripeShop } from '../testing/shop-under-test.js';
import {
  PAYMENT_OBSERVED,
  PAYMENT_SYNC_COMPLETED,
  PAYMENT_SYNC_REQUESTED,
  PAYMENT_VERIFICATION_OBSERVED,
  paymentCheckStreamId,
  paymentSyncStreamId,
  type PaymentObservation,
  type PaymentSyncRequestedData,
} from './payment-observations.js';
import { webhookStreamId } from './payment-service.js';

const SECRET_KEY = 'sk_test_shop_observations';
const WEBHOOK_SECRET = 'whsec_shop_observations_secret';

const { shop, standIn } = useStripeShop('payment_observations', {
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
});

afterAll(() => {
  cli.cleanUp();
});

type Body = Record<string, unknown>;

/** The operator's CLI, as a separate process on the shop's database; Stripe is not even configured for it. */
const cli = shopctlProcess(() => shop.database.url, 'shopctl-payments');
const shopctl = (...args: string[]) => cli.run(...args);

const call = (method: string, p: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, p, { ...options, ip: options.ip ?? '10.11.0.1' });

const customer = () =>
  signUpAndSignIn(shop.url, {
    label: 'observed',
    password: 'correct horse battery',
    fullName: 'Camille Martin',
    ip: randomIp('10'),
  });

const placeOrder = (token: string) => placeStripeOrder(call, token);

async function admin() {
  const who = await customer();
  await grantAdmin(shop, who);
  return who;
}

const sync = (token: string, email: string) =>
  eventually(
    () => call('POST', '/api/admin/payments/sync', { token, body: { email } }),
    (res) => res.status !== 403, // the role reaches the read model just after the grant
  );

const store = () => shop.runtime.store;
const history = (subscriptionId: string) => store().readStream(subscriptionStreamId(subscriptionId));
const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);
/**
 * How many events the log holds once the shop's own jobs have nothing left to do (a job of an
 * earlier step may still be appending on a loaded machine). Counted, not read from the last
 * position: positions may skip numbers a rolled-back append took.
 */
const logLength = async () => {
  await eventually(
    () => shop.runtime.queue.counts(),
    (counts) => counts.waiting === 0 && counts.active === 0,
  );
  // The books follow payments on their own streams, whenever their jobs run (the invoicing spec
  // covers them): what a sync or a replay writes is everything else.
  const outsideTheBooks = await shop.runtime
    .knex('es_events')
    .whereNot('stream_id', 'like', 'accounting-%')
    .count({ n: '*' })
    .first();
  return Number(outsideTheBooks?.n ?? 0);
};

async function subscriptionRow(token: string, subscriptionId: string) {
  const res = await call('GET', '/api/me/subscriptions', { token });
  return (res.body.data as Body[] | undefined)?.find((s) => s.id === subscriptionId);
}

describe('a payment sync run in the log', () => {
  let runId: string;
  let shopper: Awaited<ReturnType<typeof customer>>;
  let order: Awaited<ReturnType<typeof placeOrder>>;

  it('records who asked, every session Stripe answered and the counts, before and around the confirmation it causes', async () => {
    const operator = await admin();
    shopper = await customer();
    order = await placeOrder(shopper.token);
    standIn.pay(order.sessionId);
    const unpaid = await placeOrder(shopper.token);

    const res = await sync(operator.token, shopper.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, payments: [{ sessionId: order.sessionId, amountCents: 1223 }] });
    runId = String(res.body.runId);
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    const run = await store().readStream(paymentSyncStreamId(runId));
    expect(run.map((e) => e.type)).toEqual([
      PAYMENT_SYNC_REQUESTED,
      PAYMENT_OBSERVED,
      PAYMENT_OBSERVED,
      PAYMENT_SYNC_COMPLETED,
    ]);
    const [requested, ...rest] = run;
    expect(requested!.data).toMatchObject({ runId, provider: 'stripe', userId: shopper.userId });
    expect(requested!.metadata.actor).toEqual({ type: 'admin', id: operator.userId });
    expect(requested!.metadata.correlationId).toEqual(expect.any(String));
    // The e-mail is there, sealed with the customer's key: never in clear in the log.
    expect(JSON.stringify(run)).not.toContain(shopper.email);
    const sealedEmail = (requested!.data as PaymentSyncRequestedData).email;
    expect(await shop.runtime.vault.open(shop.runtime.knex, shopper.userId, sealedEmail)).toBe(shopper.email);

    const observed = rest.filter((e) => e.type === PAYMENT_OBSERVED);
    const paid = observed.find((e) => (e.data as PaymentObservation).sessionId === order.sessionId)!;
    expect(paid.data).toEqual({
      runId,
      provider: 'stripe',
      sessionId: order.sessionId,
      status: 'complete',
      paymentStatus: 'paid',
      paymentReference: standIn.session(order.sessionId)!.payment_intent,
      amountCents: 1223,
      currency: 'EUR',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      claimedSubscriptionId: order.subscriptionId,
      observedAt: expect.any(String),
    });
    const other = observed.find((e) => (e.data as PaymentObservation).sessionId === unpaid.sessionId)!;
    expect(other.data).toMatchObject({ status: 'open', paymentStatus: 'unpaid', amountCents: 1223 });
    expect(run.at(-1)!.data).toMatchObject({ runId, observed: 2, applied: 1, unmatched: 0, mismatches: 0 });

    const confirmed = onlyOfType(await history(order.subscriptionId), 'PaymentConfirmed');
    expect(confirmed.metadata).toMatchObject({
      actor: { type: 'admin', id: operator.userId },
      correlationId: requested!.metadata.correlationId,
      causationId: paid.id,
      causationStreamId: paymentSyncStreamId(runId),
    });
    // Recorded before it was acted on.
    expect(paid.globalPosition).toBeLessThan(confirmed.globalPosition);
    expect(ofType(await history(unpaid.subscriptionId), 'PaymentConfirmed')).toHaveLength(0);
  });

  it('replay-sync after the sync changes nothing, twice, and still nothing after a rebuild of the subscriptions', async () => {
    const stripeCalls = standIn.requests.length;
    const before = await logLength();
    for (let i = 0; i < 2; i++) {
      const replay = await shopctl('payments', 'replay-sync', runId);
      expect({ status: replay.status, stderr: replay.stderr }).toEqual({ status: 0, stderr: '' });
      expect(replay.stdout).toContain(`payment sync ${runId}`);
      expect(replay.stdout).toMatch(new RegExp(`already applied +${order.sessionId} +12\\.23 EUR`));
      expect(replay.stdout).toContain('Nothing changed');
      expect(await logLength()).toBe(before);
    }

    const { knex, databaseUrl, vault } = shop.runtime;
    const rebuilt = await rebuildProjection({
      knex,
      databaseUrl,
      store: store(),
      projection: subscriptionsProjection,
      vault,
    });
    expect(rebuilt.eventsSeen).toBeGreaterThan(0);
    const replay = await shopctl('payments', 'replay-sync', runId, '--json');
    expect(replay.status).toBe(0);
    const report = JSON.parse(replay.stdout) as { appended: number; results: Array<{ verdict: string }> };
    expect(report.appended).toBe(0);
    expect(report.results.map((r) => r.verdict).sort()).toEqual(['already_applied', 'skipped']);
    expect(await logLength()).toBe(before);
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(1);
    expect(await subscriptionRow(shopper.token, order.subscriptionId)).toMatchObject({ status: 'active' });
    // From the log alone: Stripe was not asked.
    expect(standIn.requests.length).toBe(stripeCalls);
  });

  it('replay-sync applies, exactly once, a recorded run whose outcome never reached the order', async () => {
    const shopperB = await customer();
    const orderB = await placeOrder(shopperB.token);
    const session = standIn.pay(orderB.sessionId);
    // A run whose process died after recording what Stripe answered, before applying it.
    const lostRun = randomUUID();
    const streamId = paymentSyncStreamId(lostRun);
    const metadata = { actor: { type: 'admin' as const, id: 'operator-1' }, correlationId: randomUUID() };
    const observation: PaymentObservation = {
      runId: lostRun,
      provider: 'stripe',
      sessionId: orderB.sessionId,
      status: 'complete',
      paymentStatus: 'paid',
      paymentReference: String(session.payment_intent),
      amountCents: 1223,
      currency: 'EUR',
      createdAt: new Date().toISOString(),
      claimedSubscriptionId: orderB.subscriptionId,
      observedAt: new Date().toISOString(),
    };
    await store().appendToStream(streamId, [
      {
        type: PAYMENT_SYNC_REQUESTED,
        data: {
          runId: lostRun,
          provider: 'stripe',
          userId: shopperB.userId,
          email: 'pd1:sealed',
          requestedAt: new Date().toISOString(),
        },
        metadata,
      },
      { id: `sync:${lostRun}:${orderB.sessionId}`, type: PAYMENT_OBSERVED, data: observation, metadata },
    ]);
    const stripeCalls = standIn.requests.length;

    const before = await logLength();
    const dryRun = await shopctl('payments', 'replay-sync', lostRun, '--dry-run');
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toContain('never completed');
    expect(dryRun.stdout).toMatch(new RegExp(`WOULD APPLY +${orderB.sessionId}`));
    expect(dryRun.stdout).toContain('Dry run: 1 payment(s) would be applied');
    expect(await logLength()).toBe(before);

    const first = await shopctl('payments', 'replay-sync', lostRun);
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
    expect(first.stdout).toMatch(
      new RegExp(`APPLIED +${orderB.sessionId} +12\\.23 EUR +order ${orderB.subscriptionId}`),
    );
    expect(first.stdout).toContain('1 event(s) written');
    const confirmed = ofType(await history(orderB.subscriptionId), 'PaymentConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.data).toMatchObject({
      provider: 'stripe',
      amountCents: 1223,
      paymentReference: session.payment_intent,
    });
    expect(confirmed[0]!.metadata).toMatchObject({
      actor: { type: 'system', id: expect.stringMatching(/^shopctl:/) },
      causationId: `sync:${lostRun}:${orderB.sessionId}`,
      causationStreamId: streamId,
    });
    await eventually(
      () => subscriptionRow(shopperB.token, orderB.subscriptionId),
      (s) => s?.status === 'active',
    );

    const after = await logLength();
    expect(after).toBe(before + 1);
    const second = await shopctl('payments', 'replay-sync', lostRun);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('Nothing changed');
    expect(await logLength()).toBe(after);
    expect(ofType(await history(orderB.subscriptionId), 'PaymentConfirmed')).toHaveLength(1);
    expect(standIn.requests.length).toBe(stripeCalls);

    const unknown = await shopctl('payments', 'replay-sync', randomUUID());
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No recorded payment sync');
  });
});

describe('the success page check in the log', () => {
  it("records Stripe's answer once per distinct answer, and the confirmation names it", async () => {
    const { token, userId } = await customer();
    const order = await placeOrder(token);
    const checks = () => store().readStream(paymentCheckStreamId('stripe', order.sessionId));

    const early = await call('GET', `/api/payments/verify?session_id=${order.sessionId}`, { token });
    expect(early.body).toMatchObject({ status: 'pending', paid: false, outcome: 'pending' });
    standIn.pay(order.sessionId);
    const verified = await call('GET', `/api/payments/verify?session_id=${order.sessionId}`, { token });
    expect(verified.body).toMatchObject({ status: 'active', paid: true, outcome: 'paid' });
    // The page reloaded: Stripe says the same, nothing new is recorded.
    expect((await call('GET', `/api/payments/verify?session_id=${order.sessionId}`, { token })).body).toMatchObject({
      paid: true,
    });

    const recorded = await checks();
    expect(recorded.map((e) => e.type)).toEqual([PAYMENT_VERIFICATION_OBSERVED, PAYMENT_VERIFICATION_OBSERVED]);
    expect(recorded[0]!.data).toMatchObject({ outcome: { kind: 'pending' }, subscriptionId: order.subscriptionId });
    const paid = recorded[1]!;
    expect(paid.data).toMatchObject({
      provider: 'stripe',
      sessionId: order.sessionId,
      subscriptionId: order.subscriptionId,
      outcome: {
        kind: 'paid',
        amountCents: 1223,
        currency: 'EUR',
        paymentReference: standIn.session(order.sessionId)!.payment_intent,
      },
    });
    expect(paid.metadata.actor).toEqual({ type: 'customer', id: userId });

    const confirmed = ofType(await history(order.subscriptionId), 'PaymentConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.metadata).toMatchObject({
      actor: { type: 'customer', id: userId },
      correlationId: paid.metadata.correlationId,
      causationId: paid.id,
      causationStreamId: paymentCheckStreamId('stripe', order.sessionId),
    });
    // Paid at the time the answer was recorded, not at a later reload.
    expect(confirmed[0]!.data).toMatchObject({ paidAt: (paid.data as { outcome: { paidAt: string } }).outcome.paidAt });
  });

  it("a webhook's confirmation names the notification and its stream", async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    const event = standIn.event('checkout.session.completed', standIn.pay(order.sessionId));
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(
      (await call('POST', '/webhooks/stripe', { raw: payload, headers: { 'Stripe-Signature': signature } })).status,
    ).toBe(200);
    const confirmed = await eventually(
      async () => ofType(await history(order.subscriptionId), 'PaymentConfirmed'),
      (found) => found.length === 1,
    );
    expect(confirmed[0]!.metadata).toMatchObject({
      actor: { type: 'provider', id: 'stripe' },
      causationId: `stripe:${event.id}`,
      causationStreamId: webhookStreamId('stripe', String(event.id)),
    });
  });
});

describe('the expiry in the log', () => {
  it('names the PaymentConfirmed whose expiry it enforces, from the timer and from the sweep', async () => {
    const handlers = createJobHandlers({
      store: store(),
      commands: shop.runtime.commands,
      knex: shop.runtime.knex,
      // After the expiry below: the shop's own timers, due years later, stay out of the way.
      clock: () => new Date(Date.UTC(2031, 0, 2)),
      logger: createLogger({ level: 'silent' }),
    });
    const expiresAt = new Date(Date.UTC(2031, 0, 1));
    // A timer carries its cause; the sweep and older timers find it on the stream.
    for (const job of [
      (id: string, cause: string) => handlers['expire-subscription']({ subscriptionId: id, causationId: cause }),
      (id: string) => handlers['expire-subscription']({ subscriptionId: id }),
    ]) {
      const { subscriptionId, streamId, confirmedEventId } = await paidSubscription(store(), randomUUID(), expiresAt);
      await job(subscriptionId, confirmedEventId);
      const [expired] = ofType(await store().readStream(streamId), 'SubscriptionExpired');
      expect(expired!.metadata).toEqual({
        actor: { type: 'system', id: 'expiry' },
        causationId: confirmedEventId,
        causationStreamId: streamId,
      });
    }
  });
});

describe('a sync run that confirms a checkout ordered to renew itself', () => {
  it('records the card the checkout kept, in the observation and on the order, as the notification would', async () => {
    const operator = await admin();
    const shopper = await customer();
    const placed = await eventually(
      () =>
        call('POST', '/api/orders', {
          token: shopper.token,
          body: { planId: 'netflix', months: 1, provider: 'stripe', autoRenew: true, billingCountry: 'FR' },
        }),
      (res) => res.status !== 422, // the catalogue is projected just after start-up
    );
    expect(placed.status).toBe(201);
    const subscriptionId = String(placed.body.subscriptionId);
    const sessionId = String(placed.body.redirectUrl).split('/').pop()!;
    // Paid at Stripe with the card kept; the notification never arrives.
    const session = standIn.pay(sessionId);
    const intent = standIn.paymentIntent(String(session.payment_intent))!;
    const savedMethod = { id: intent.payment_method, customerId: session.customer, label: 'Visa •••• 4242' };
    expect(savedMethod.customerId).toMatch(/^cus_/);

    const res = await sync(operator.token, shopper.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, payments: [{ sessionId }] });
    const runId = String(res.body.runId);
    const observed = (await store().readStream(paymentSyncStreamId(runId))).find(
      (e) => e.type === PAYMENT_OBSERVED && (e.data as PaymentObservation).sessionId === sessionId,
    )!;
    expect(observed.data).toMatchObject({ status: 'complete', paymentStatus: 'paid', savedMethod });

    const events = await history(subscriptionId);
    expect(ofType(events, 'PaymentConfirmed')).toHaveLength(1);
    const enabled = onlyOfType(events, 'AutoRenewalEnabled');
    expect(enabled.data).toMatchObject({
      subscriptionId,
      provider: 'stripe',
      methodId: savedMethod.id,
      customerId: savedMethod.customerId,
      methodLabel: 'Visa •••• 4242',
    });
    expect(enabled.metadata).toMatchObject({
      causationId: observed.id,
      causationStreamId: paymentSyncStreamId(runId),
    });
    const row = await eventually(
      () => subscriptionRow(shopper.token, subscriptionId),
      (s) => s?.autoRenew === true,
    );
    expect(row).toMatchObject({
      status: 'active',
      autoRenew: true,
      paymentMethod: 'Visa •••• 4242',
      nextChargeAt: new Date(Date.parse(String(row!.expiresAt)) - 72 * 3_600_000).toISOString(),
    });

    // Replayed from the log alone, the run finds it applied: nothing more, the card recorded once.
    const before = await logLength();
    const replay = await shopctl('payments', 'replay-sync', runId);
    expect({ status: replay.status, stderr: replay.stderr }).toEqual({ status: 0, stderr: '' });
    expect(replay.stdout).toContain('Nothing changed');
    expect(await logLength()).toBe(before);
  });
});
