import { describe, expect, it } from 'vitest';
import { askRefund, refundMade } from '../testing/back-office-refunds.js';
import { randomIp, signUpAdmin } from '../testing/http-customer.js';
import { deliveredAtOnce, notificationsProcessed, useProviderShop } from '../testing/provider-checkout.js';
import { newCustomerOrder } from '../testing/provider-orders.js';
import { useStandIn } from '../testing/shop-under-test.js';
import { PayssionProvider, payssionSignature } from './payssion-provider.js';
import { startPayssionStandIn, type PayssionState } from './testing/payssion-stand-in.js';

const payssion = useStandIn('payssion', startPayssionStandIn);

const { shop, customers } = useProviderShop('payssion', { ipPrefix: '10.9', env: () => payssion.shopEnv });
const { request, subscription, history, eventsOf } = customers;

/** Every stored provider notification in the log, oldest first. */
const storedNotifications = async () =>
  (await customers.storedNotifications()).map((e) => ({ id: e.id, globalPosition: e.globalPosition }));

/** Payssion's notification for the order's payment, as Payssion signs it. */
const notify = (orderId: string, state?: PayssionState) =>
  request('POST', '/webhooks/payssion', { form: payssion.notification(orderId, state) });

async function orderWithPayssion(planId?: string, months?: number) {
  const order = await newCustomerOrder(customers, 'payssion', planId, months);
  const { subscriptionId } = order;
  const created = payssion.requests.filter((r) => r.path === '/api/v1/payment/create').at(-1)!;
  const orderId = created.fields.order_id!;
  expect(orderId.startsWith(`${subscriptionId}_`)).toBe(true);
  return { ...order, orderId, created: created.fields };
}

/** The order's history once every stored notification has gone through the reactor and its job. */
async function settled(subscriptionId: string): Promise<string[]> {
  const last = (await storedNotifications()).at(-1)?.globalPosition ?? 0;
  expect(await notificationsProcessed(shop, last), 'every notification processed').toBe(true);
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
    await deliveredAtOnce(5, () => notify(orderId));

    const active = await subscription(token, subscriptionId, (s) => s.status === 'active');
    expect(active).toMatchObject({ status: 'active', totalCents: 453, paymentIssue: null });
    expect((await settled(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
    const [confirmed] = await eventsOf(subscriptionId, 'PaymentConfirmed');
    const { transaction_id: transactionId } = payssion.byOrder(orderId)!;
    expect(confirmed!.data).toMatchObject({ provider: 'payssion', paymentReference: transactionId, amountCents: 453 });
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
    const [mismatch] = await eventsOf(subscriptionId, 'PaymentMismatchRecorded');
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

describe('refunds through Payssion', () => {
  /** The shop's Payssion provider, talking to the stand-in directly. */
  const provider = (apiUrl = payssion.url) =>
    new PayssionProvider({
      apiKey: payssion.apiKey,
      secretKey: payssion.secretKey,
      pmId: payssion.pmId,
      apiUrl,
      publicUrl: 'http://shop.test',
      clock: () => new Date(),
    });

  /** The subscription's status as its stream says (what the customer's list shows once projected). */
  const statusOf = async (subscriptionId: string) =>
    (await shop.runtime.commands.subscriptions.current(subscriptionId)).status;

  async function paidWithPayssion() {
    const order = await orderWithPayssion();
    payssion.setState(order.orderId, 'completed');
    const verified = await request('GET', `/api/payments/verify?session_id=${order.orderId}`, { token: order.token });
    expect(verified.body).toMatchObject({ status: 'active', paid: true });
    return { ...order, transactionId: payssion.byOrder(order.orderId)!.transaction_id };
  }

  it('refunds part of a payment then the rest from the back-office with a signed request; the refunded notification adds nothing', async () => {
    const admin = await signUpAdmin(shop, { label: 'payssion-refunds', ip: randomIp('10.9') });
    const { subscriptionId, orderId, transactionId } = await paidWithPayssion();

    const partial = await refundMade(request, admin.token, {
      subscriptionId,
      amountCents: 153,
      reason: 'A week without service',
      paymentReference: transactionId,
    });
    const asked = payssion.requests.filter(
      (r) => r.path === '/api/v1/refunds' && r.fields.transaction_id === transactionId,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.fields).toEqual({
      api_key: payssion.apiKey,
      transaction_id: transactionId,
      amount: '1.53',
      currency: 'EUR',
      track_id: `refund-${String(partial.body.id)}`,
      api_sig: payssionSignature([payssion.apiKey, transactionId, '1.53', 'EUR', payssion.secretKey]),
    });
    expect(payssion.byOrder(orderId)!.state).toBe('completed');
    const partials = await eventsOf(subscriptionId, 'PartialRefundRecorded');
    expect(partials.map((e) => e.data)).toEqual([
      expect.objectContaining({ provider: 'payssion', amountCents: 153, refundedTotalCents: 153 }),
    ]);
    expect(await statusOf(subscriptionId)).toBe('active');

    const rest = await askRefund(request, admin.token, subscriptionId, 300, 'Customer left');
    expect(rest.body).toMatchObject({ amountCents: 300, status: 'succeeded' });
    expect(await statusOf(subscriptionId)).toBe('cancelled');
    expect(payssion.byOrder(orderId)!.state).toBe('refunded');
    expect(payssion.refundsOf(orderId).map((r) => r.amount)).toEqual(['1.53', '3.00']);

    // Payssion tells of the payment refunded: all of it is recorded already.
    expect((await notify(orderId)).body).toMatchObject({ received: true, duplicate: false });
    const types = await settled(subscriptionId);
    expect(types.filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    expect(types.filter((t) => t === 'PartialRefundRecorded')).toHaveLength(1);
  });

  it('the same idempotency key is the same refund; more than is left is refused; Payssion unreachable throws', async () => {
    const { orderId, transactionId } = await paidWithPayssion();
    const ask = (amountCents: number, idempotencyKey: string, paymentReference = transactionId) =>
      provider().refund({ paymentReference, amountCents, currency: 'eur', idempotencyKey });

    const made = await ask(200, 'refund-same');
    expect(made).toEqual({ providerRefundId: expect.stringMatching(/^R/) });
    expect(await ask(200, 'refund-same')).toEqual(made);
    expect(payssion.refundsOf(orderId)).toHaveLength(1);

    expect(await ask(254, 'refund-too-much')).toEqual({ failure: '407 invalid amount: more than is left to refund' });
    expect(await ask(1, 'refund-unknown', 'TNOSUCHPAYMENT000')).toEqual({ failure: '412 invalid transaction id' });
    expect(await ask(253, 'refund-rest')).toEqual({ providerRefundId: expect.any(String) });
    expect(await ask(1, 'refund-after')).toEqual({ failure: '400 transaction is refunded: not refundable' });
    expect(payssion.refundsOf(orderId).map((r) => r.amount)).toEqual(['2.00', '2.53']);

    await expect(
      provider('http://127.0.0.1:9').refund({
        paymentReference: transactionId,
        amountCents: 1,
        currency: 'EUR',
        idempotencyKey: 'refund-down',
      }),
    ).rejects.toThrow();
  });
});
