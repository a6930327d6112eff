import { subscriptionStreamId } from '@shop/domain';
import type { LogCheckpoint } from '@shop/event-store';
import { createTestDatabase, testServices, uniqueRedisPrefix, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mySubscriptionWhere,
  randomIp,
  requestJson,
  signUpAndSignIn,
  type JsonRequest,
} from '../testing/http-customer.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';
import { WEBHOOK_EVENT_TYPE } from './payment-service.js';
import { startPayssionStandIn, type PayssionStandIn, type PayssionState } from './testing/payssion-stand-in.js';

let database: TestDatabase;
let shop: TestShop;
let payssion: PayssionStandIn;

beforeAll(async () => {
  payssion = await startPayssionStandIn();
  database = await createTestDatabase('payssion');
  shop = await startTestShop({
    databaseUrl: database.url,
    redisUrl: testServices().redisUrl,
    queuePrefix: uniqueRedisPrefix('payssion'),
    env: {
      PAYSSION_API_KEY: payssion.apiKey,
      PAYSSION_SECRET_KEY: payssion.secretKey,
      PAYSSION_PM_ID: payssion.pmId,
      PAYSSION_API_URL: payssion.url,
    },
  });
  await eventually(
    async () => ((await (await fetch(`${shop.url}/api/plans`)).json()) as { data: unknown[] }).data.length,
    (n) => n > 0,
  );
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  await payssion?.close();
});

const request = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { ip: randomIp('10.9'), ...options });

const customer = () => signUpAndSignIn(shop.url, { label: 'payssion', ip: randomIp('10.9') });

/** Payssion's notification for the order's payment, as Payssion signs it. */
const notify = (orderId: string, state?: PayssionState) =>
  request('POST', '/webhooks/payssion', { form: payssion.notification(orderId, state) });

async function orderWithPayssion(planId = 'netflix', months = 1) {
  const { token } = await customer();
  const placed = await request('POST', '/api/orders', { token, body: { planId, months, provider: 'payssion' } });
  expect(placed.status).toBe(201);
  const subscriptionId = placed.body.subscriptionId as string;
  const created = payssion.requests.filter((r) => r.path === '/api/v1/payment/create').at(-1)!;
  const orderId = created.fields.order_id!;
  expect(orderId.startsWith(`${subscriptionId}_`)).toBe(true);
  return { token, subscriptionId, orderId, placed, created: created.fields };
}

const subscription = (token: string, subscriptionId: string, accept: (row: Record<string, unknown>) => boolean) =>
  mySubscriptionWhere(request, token, subscriptionId, accept);

const history = async (subscriptionId: string) =>
  (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).map((e) => e.type);

/** Every stored provider notification in the log, oldest first. */
async function storedNotifications(): Promise<Array<{ id: string; globalPosition: number }>> {
  const stored: Array<{ id: string; globalPosition: number }> = [];
  let after: LogCheckpoint | null = null;
  for (;;) {
    const page = await shop.runtime.store.readAll({ after, maxCount: 500 });
    for (const e of page.events) {
      if (e.type === WEBHOOK_EVENT_TYPE) stored.push({ id: e.id, globalPosition: e.globalPosition });
    }
    if (page.events.length === 0) return stored;
    after = page.checkpoint;
  }
}

/**
 * The order's history once every stored notification has gone through the reactor and its job:
 * the reactor enqueues before it saves its checkpoint, so once the checkpoint is past the last
 * notification and no job waits or runs, all are done.
 */
async function settled(subscriptionId: string): Promise<string[]> {
  const last = (await storedNotifications()).at(-1)?.globalPosition ?? 0;
  const done = await eventually(
    async () => {
      const row = await shop.runtime.knex('reactor_checkpoints').where({ name: 'payment-webhooks' }).first();
      const counts = await shop.runtime.queue.counts();
      return Number(row?.last_position ?? 0) >= last && counts.waiting === 0 && counts.active === 0;
    },
    (caughtUp) => caughtUp,
  );
  expect(done, 'every notification processed').toBe(true);
  return history(subscriptionId);
}

describe('Payssion through its REST API', () => {
  it('creates a signed payment with the order total, the return page and redirects to Payssion', async () => {
    const { placed, orderId, created, subscriptionId } = await orderWithPayssion('netflix', 3);
    expect(placed.body).toMatchObject({ status: 'pending', totalCents: 1359, currency: 'EUR' });
    const transaction = payssion.byOrder(orderId)!;
    expect(placed.body.redirectUrl).toBe(`${payssion.url}/pay/${transaction.transaction_id}`);
    const publicUrl = shop.runtime.config.publicUrl;
    expect(created).toMatchObject({
      api_key: payssion.apiKey,
      pm_id: 'payssion_test',
      amount: '13.59',
      currency: 'EUR',
      description: 'Netflix - 3 mois',
      return_url: `${publicUrl}/payment-success?session_id=${orderId}`,
      notify_url: `${publicUrl}/webhooks/payssion`,
    });
    expect(Object.values(created).join(' ')).not.toContain(payssion.secretKey);
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
    const offered = await request('GET', '/api/payments/providers');
    expect(offered.body.data).toContainEqual({ name: 'payssion', label: 'payssion' });
  });

  it('a completed payment notified five times at once is confirmed once and the subscription becomes active', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayssion();
    expect((await notify(orderId)).status).toBe(200); // still pending: stored, changes nothing
    payssion.setState(orderId, 'completed');
    const replies = await Promise.all(Array.from({ length: 5 }, () => notify(orderId)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.filter((r) => r.body.duplicate === false)).toHaveLength(1);

    const active = await subscription(token, subscriptionId, (s) => s.status === 'active');
    expect(active).toMatchObject({ status: 'active', totalCents: 453, paymentIssue: null });
    expect((await settled(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
    const confirmed = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).find(
      (e) => e.type === 'PaymentConfirmed',
    )!;
    const { transaction_id: transactionId } = payssion.byOrder(orderId)!;
    expect(confirmed.data).toMatchObject({ provider: 'payssion', paymentReference: transactionId, amountCents: 453 });
    // Each notification was confirmed by asking Payssion for the payment before acting.
    const asked = payssion.requests.filter(
      (r) => r.path === '/api/v1/payment/details' && r.fields.order_id === orderId,
    );
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a notification with a bad or missing signature with 400 and stores nothing', async () => {
    const { orderId, subscriptionId } = await orderWithPayssion();
    payssion.setState(orderId, 'completed');
    const genuine = new URLSearchParams(payssion.notification(orderId));
    const tampered = (change: (form: URLSearchParams) => void) => {
      const form = new URLSearchParams(genuine);
      change(form);
      return form.toString();
    };
    const before = await storedNotifications();
    for (const form of [
      tampered((f) => f.set('notify_sig', '0'.repeat(32))),
      tampered((f) => f.delete('notify_sig')),
      tampered((f) => f.set('amount', '0.01')),
      tampered((f) => f.set('state', 'refunded')),
      tampered((f) => f.set('order_id', `${subscriptionId}_000000000000`)),
      '',
    ]) {
      const reply = await request('POST', '/webhooks/payssion', { form });
      expect(reply.status, form).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(reply.body.code).toBe('webhook.invalid_signature');
    }
    expect(await storedNotifications()).toEqual(before);
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
  });

  it.each([
    ['failed', 'payment_failed'],
    ['rejected_by_bank', 'payment_failed'],
    ['cancelled_by_user', 'payment_canceled'],
    ['expired', 'payment_expired'],
  ] as const)('a payment that ends %s records a failed attempt and leaves the order pending', async (state, issue) => {
    const { token, subscriptionId, orderId } = await orderWithPayssion('spotify');
    payssion.setState(orderId, state);
    expect((await notify(orderId)).status).toBe(200);
    const row = await subscription(token, subscriptionId, (s) => s.paymentIssue === issue);
    expect(row).toMatchObject({ status: 'pending', paymentIssue: issue });
    expect(await settled(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened', 'PaymentAttemptFailed']);
  });

  it.each(['pending', 'awaiting_confirm', 'paid_partial'] as const)('%s changes nothing yet', async (state) => {
    const { subscriptionId, orderId } = await orderWithPayssion();
    payssion.setState(orderId, state);
    expect((await notify(orderId)).body).toMatchObject({ received: true, duplicate: false });
    expect(await settled(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
  });

  it('records a payment of another amount as a mismatch and does not activate the order', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayssion();
    payssion.setAmount(orderId, '0.45');
    payssion.setState(orderId, 'completed');
    expect((await notify(orderId)).status).toBe(200);
    const row = await subscription(token, subscriptionId, (s) => s.paymentIssue === 'amount_mismatch');
    expect(row.status).toBe('pending');
    const mismatch = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).find(
      (e) => e.type === 'PaymentMismatchRecorded',
    );
    expect(mismatch?.data).toMatchObject({ provider: 'payssion', amountCents: 45, expectedAmountCents: 453 });
    expect(await history(subscriptionId)).not.toContain('PaymentConfirmed');
  });

  it('a notification that says completed while Payssion says otherwise is not believed', async () => {
    const { subscriptionId, orderId } = await orderWithPayssion();
    // Signed, but stale or premature: Payssion still reports the payment pending.
    expect((await notify(orderId, 'completed')).status).toBe(200);
    expect(await settled(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
  });

  it('a genuine notification replayed with another transaction id (not signed) changes nothing', async () => {
    const first = await orderWithPayssion();
    const second = await orderWithPayssion();
    payssion.setState(second.orderId, 'completed');
    const form = new URLSearchParams(payssion.notification(first.orderId, 'completed'));
    form.set('transaction_id', payssion.byOrder(second.orderId)!.transaction_id);
    expect((await request('POST', '/webhooks/payssion', { form: form.toString() })).status).toBe(200);
    expect(await settled(first.subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
    expect(await history(second.subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
  });

  it('a refund cancels the active subscription; a late completed notification then changes nothing', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayssion();
    payssion.setState(orderId, 'completed');
    await notify(orderId);
    await subscription(token, subscriptionId, (s) => s.status === 'active');
    payssion.setState(orderId, 'refunded');
    expect((await notify(orderId)).body).toMatchObject({ received: true, duplicate: false });
    await subscription(token, subscriptionId, (s) => s.status === 'cancelled');
    await notify(orderId, 'completed');
    await notify(orderId, 'refunded');
    const types = await settled(subscriptionId);
    expect(types.filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
    expect(types.filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
  });

  it('out of order: a chargeback notified before the payment ends the order once, and the payment never activates it', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayssion();
    payssion.setState(orderId, 'chargeback');
    await notify(orderId);
    await subscription(token, subscriptionId, (s) => s.status === 'cancelled');
    await notify(orderId, 'completed');
    await notify(orderId, 'failed');
    const types = await settled(subscriptionId);
    expect(types.filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    expect(types).not.toContain('PaymentConfirmed');
    expect(types).not.toContain('PaymentAttemptFailed');
  });

  it('the success page asks Payssion by order id and fulfils through the same path as the notification', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayssion();
    const early = await request('GET', `/api/payments/verify?session_id=${orderId}`, { token });
    expect(early.body).toMatchObject({ subscriptionId, status: 'pending', paid: false, outcome: 'pending' });
    payssion.setState(orderId, 'completed');
    const verified = await request('GET', `/api/payments/verify?session_id=${orderId}`, { token });
    expect(verified.body).toMatchObject({ subscriptionId, status: 'active', paid: true, outcome: 'paid' });
    expect((await notify(orderId)).status).toBe(200);
    expect((await settled(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
  });
});
