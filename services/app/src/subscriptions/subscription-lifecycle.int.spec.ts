import { randomUUID } from 'node:crypto';
import { addMonthsUtc, subscriptionStreamId } from '@shop/domain';
import { subscriptionFigures } from '@shop/projections';
import { describe, expect, it } from 'vitest';
import { BullmqJobQueue } from '../jobs/bullmq-queue.js';
import { askRefund } from '../testing/back-office-refunds.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

const shop = useTestShop('lifecycle', { redis: true, plans: 5 });

const request = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { redirect: 'manual', ip: randomIp('10.31'), ...options });

const customer = () => signUpAndSignIn(shop.url, { label: 'renewer', ip: randomIp('10.31') });
const sessionOf = (redirectUrl: unknown) => String(redirectUrl).split('/').pop()!;
const payOnSandbox = (token: string, redirectUrl: unknown) =>
  request('POST', `/sandbox/sessions/${sessionOf(redirectUrl)}/pay`, { token });

type Row = Record<string, unknown> & { id: string; status: string; expiresAt: string | null };

async function mySubscription(token: string, id: string, accept: (row: Row) => boolean = () => true): Promise<Row> {
  const reply = await eventually(
    () => request('GET', '/api/me/subscriptions', { token }),
    (r) => (r.body.data as Row[] | undefined)?.some((row) => row.id === id && accept(row)) ?? false,
  );
  return (reply.body.data as Row[]).find((row) => row.id === id)!;
}

const streamOf = async (subscriptionId: string) =>
  (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).map((e) => ({
    id: e.id,
    type: e.type,
    data: e.data as Record<string, unknown>,
  }));

/** A Netflix month ordered and paid on the sandbox page by a new customer: active. */
async function activeMonth() {
  const who = await customer();
  const placed = await request('POST', '/api/orders', {
    token: who.token,
    body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
  });
  expect(placed.status).toBe(201);
  await payOnSandbox(who.token, placed.body.redirectUrl);
  const subscriptionId = placed.body.subscriptionId as string;
  const active = await mySubscription(who.token, subscriptionId, (row) => row.status === 'active');
  return { ...who, subscriptionId, expiresAt: active.expiresAt! };
}

async function notificationTitles(token: string): Promise<string[]> {
  const reply = await request('GET', '/api/me/notifications', { token, headers: { 'Accept-Language': 'fr' } });
  return ((reply.body.data ?? []) as Array<{ title: string }>).map((n) => n.title);
}

describe('renewing a subscription early', () => {
  it('keeps the subscription, moves its expiry by exactly the months paid, and counts the renewal in every figure', async () => {
    const { token, subscriptionId, expiresAt } = await activeMonth();
    const renewal = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 3, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(renewal.status).toBe(201);
    // Netflix is 4,53 € a month in the catalogue: three months, 13,59 €.
    expect(renewal.body).toMatchObject({ subscriptionId, months: 3, totalCents: 1359, currency: 'EUR' });
    expect(renewal.body.redirectUrl).toMatch(/\/sandbox\/checkout\/sbx_[0-9a-f]+$/);

    const page = await fetch(`${shop.url}/sandbox/checkout/${sessionOf(renewal.body.redirectUrl)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await page.text()).toMatch(/13,59\s€/);
    const paid = await payOnSandbox(token, renewal.body.redirectUrl);
    expect(paid.status).toBe(303);

    const expected = addMonthsUtc(expiresAt, 3).toISOString();
    const renewed = await mySubscription(token, subscriptionId, (row) => row.expiresAt === expected);
    expect(renewed).toMatchObject({ status: 'active', renewable: true, cancelledAt: null, autoRenew: false });

    const verify = await request('GET', `/api/payments/verify?session_id=${sessionOf(renewal.body.redirectUrl)}`, {
      token,
    });
    expect(verify.body).toMatchObject({
      subscriptionId,
      status: 'active',
      paid: true,
      renewalId: renewal.body.renewalId,
    });

    const stream = await streamOf(subscriptionId);
    const recorded = stream.filter((e) => e.type === 'SubscriptionRenewed');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({
      renewalId: renewal.body.renewalId,
      months: 3,
      from: expiresAt,
      to: expected,
      amountCents: 1359,
      currency: 'EUR',
      provider: 'sandbox',
    });
    // One subscription still: no second one was started.
    const mine = await request('GET', '/api/me/subscriptions', { token });
    expect(mine.body).toMatchObject({
      activeCount: 1,
      totalSpentCents: 453 + 1359,
      // The profile's line tells the renewal apart from the order: one renewal, what it paid in all.
      data: [{ months: 1, totalCents: 453, renewalCount: 1, paidCents: 453 + 1359 }],
    });

    // Its expiry is enforced at the new date.
    const timer = await eventually(
      () => (shop.runtime.queue as BullmqJobQueue).jobState(recorded[0]!.id),
      (job) => job !== null,
    );
    expect(timer).toMatchObject({ state: 'delayed', data: { subscriptionId } });

    // The dashboard's revenue counts the renewal, on the day it was paid.
    const figures = await subscriptionFigures(shop.runtime.knex, new Date());
    const today = figures.revenueByDay.at(-1)!;
    expect(today.cents).toBeGreaterThanOrEqual(453 + 1359);

    // The customer hears of the order's payment and of the renewal's, each once.
    const titles = await eventually(
      () => notificationTitles(token),
      (list) => list.includes('Renouvellement confirmé') && list.includes('Paiement confirmé'),
    );
    expect(titles.filter((t) => t === 'Renouvellement confirmé')).toHaveLength(1);
  });

  it('answers a retried renewal with the same checkout and orders it once', async () => {
    const { token, subscriptionId } = await activeMonth();
    const key = randomUUID();
    const first = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
      headers: { 'Idempotency-Key': key },
    });
    const again = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await streamOf(subscriptionId)).filter((e) => e.type === 'RenewalOrdered')).toHaveLength(1);
  });

  it('refuses an order not paid yet, someone else’s subscription, and bad input', async () => {
    const { token, subscriptionId } = await activeMonth();
    const pending = await request('POST', '/api/orders', {
      token,
      body: { planId: 'spotify', months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    const notYet = await request('POST', `/api/me/subscriptions/${pending.body.subscriptionId}/renew`, {
      token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({ code: 'subscription.not_renewable' });

    const stranger = await customer();
    const foreign = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token: stranger.token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'subscription.not_found' });

    const twoMonths = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 2, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(twoMonths.status).toBe(400);
    expect(twoMonths.body).toMatchObject({ code: 'validation.failed' });
    const withoutCountry = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 1, provider: 'sandbox' },
    });
    expect(withoutCountry.status).toBe(400);
    expect(withoutCountry.body).toMatchObject({ code: 'validation.failed' });
    // Nothing of it reached the log.
    expect((await streamOf(subscriptionId)).filter((e) => e.type === 'RenewalOrdered')).toHaveLength(0);
  });

  it('renews a subscription that has already expired from the moment it is paid', async () => {
    const who = await customer();
    const expiredAt = new Date(Date.now() - 10 * 24 * 3_600_000);
    expiredAt.setUTCHours(12, 0, 0, 0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, who.userId, expiredAt);
    await mySubscription(who.token, subscriptionId, (row) => row.status === 'expired');
    const renewal = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token: who.token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(renewal.status).toBe(201);
    const before = Date.now();
    await payOnSandbox(who.token, renewal.body.redirectUrl);
    const renewed = await mySubscription(who.token, subscriptionId, (row) => row.status === 'active');
    const from = String((await streamOf(subscriptionId)).find((e) => e.type === 'SubscriptionRenewed')!.data.from);
    expect(Date.parse(from)).toBeGreaterThanOrEqual(before - 1000);
    expect(renewed.expiresAt).toBe(addMonthsUtc(from, 1).toISOString());
  });
});

describe('cancelling a subscription', () => {
  it('keeps it active until its expiry, says when access ends, and confirms it once', async () => {
    const { token, subscriptionId, expiresAt } = await activeMonth();
    const cancelled = await request('POST', `/api/me/subscriptions/${subscriptionId}/cancel`, {
      token,
      body: { reason: 'Je n’en ai plus besoin' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ subscriptionId, accessEndsAt: expiresAt });
    const again = await request('POST', `/api/me/subscriptions/${subscriptionId}/cancel`, { token, body: {} });
    expect(again.body).toEqual(cancelled.body);
    const off = await request('PUT', `/api/me/subscriptions/${subscriptionId}/auto-renew`, {
      token,
      body: { enabled: false },
    });
    expect(off.body).toEqual({ ...cancelled.body, autoRenew: false });

    const row = await mySubscription(token, subscriptionId, (r) => r.cancelledAt !== null);
    expect(row).toMatchObject({ status: 'active', expiresAt, cancelledAt: cancelled.body.cancelledAt });
    const events = (await streamOf(subscriptionId)).filter((e) => e.type === 'SubscriptionCancellationRecorded');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reason: 'Je n’en ai plus besoin', accessEndsAt: expiresAt });

    const titles = await eventually(
      () => notificationTitles(token),
      (list) => list.includes('Résiliation confirmée'),
    );
    expect(titles.filter((t) => t === 'Résiliation confirmée')).toHaveLength(1);
  });

  it('cannot turn automatic renewal on without a kept payment method, nor cancel an unpaid order', async () => {
    const { token, subscriptionId } = await activeMonth();
    const on = await request('PUT', `/api/me/subscriptions/${subscriptionId}/auto-renew`, {
      token,
      body: { enabled: true },
    });
    expect(on.status).toBe(409);
    expect(on.body).toMatchObject({ code: 'subscription.no_saved_method' });
    const pending = await request('POST', '/api/orders', {
      token,
      body: { planId: 'spotify', months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    const unpaid = await request('POST', `/api/me/subscriptions/${pending.body.subscriptionId}/cancel`, {
      token,
      body: {},
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toMatchObject({ code: 'subscription.not_active' });
  });
});

describe('the 7-day guarantee', () => {
  it('records a refund request for the latest payment once, for the operator to decide', async () => {
    const { token, subscriptionId } = await activeMonth();
    const before = await mySubscription(token, subscriptionId);
    expect(Date.parse(before.refundableUntil as string)).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    const asked = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'Le service ne fonctionne pas sur ma télévision' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ subscriptionId, amountCents: 453, currency: 'EUR', status: 'requested' });
    const again = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'Encore' },
    });
    expect(again.body).toEqual(asked.body);
    expect((await streamOf(subscriptionId)).filter((e) => e.type === 'RefundRequested')).toHaveLength(1);

    const after = await mySubscription(token, subscriptionId, (row) => row.refundRequestedAt !== null);
    expect(after.refundableUntil).toBeNull();
    const admin = await shop.runtime.knex('subscriptions').where({ id: subscriptionId }).first();
    expect(admin).toMatchObject({ refund_reason: 'Le service ne fonctionne pas sur ma télévision' });
  });

  it('keeps showing a request still waiting after a renewal, and offers the renewal’s own window', async () => {
    const { token, subscriptionId, expiresAt } = await activeMonth();
    const asked = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'Plus besoin' },
    });
    expect(asked.status).toBe(201);
    const waiting = await mySubscription(token, subscriptionId, (row) => row.refundRequestedAt !== null);

    // The customer renews before the operator has answered: the request still waits for them.
    const renewal = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect((await payOnSandbox(token, renewal.body.redirectUrl)).status).toBe(303);
    const expected = addMonthsUtc(expiresAt, 1).toISOString();
    const renewed = await mySubscription(token, subscriptionId, (row) => row.expiresAt === expected);
    expect(renewed.refundRequestedAt).toBe(waiting.refundRequestedAt);
    // The renewal's payment has its own 7 days.
    expect(Date.parse(renewed.refundableUntil as string)).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    // The operator answers it (a refund of part of a payment): it no longer waits, and is no longer shown.
    const admin = await signUpAdmin(shop, { label: 'answers-refunds', ip: randomIp('10.31') });
    expect((await askRefund(request, admin.token, subscriptionId, 100, 'Geste commercial')).status).toBe(201);
    await mySubscription(token, subscriptionId, (row) => row.refundRequestedAt === null);

    // The renewal's payment can still be asked back, once.
    const again = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'Le renouvellement aussi' },
    });
    expect(again.status).toBe(201);
    const askedAgain = await mySubscription(token, subscriptionId, (row) => row.refundRequestedAt !== null);
    expect(askedAgain.refundableUntil).toBeNull();
  });

  it('gives each payment its own 7 days: renewed within the order’s, both are asked back, one request each', async () => {
    const { token, subscriptionId, expiresAt } = await activeMonth();
    const renewal = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 3, provider: 'sandbox', billingCountry: 'FR' },
    });
    await payOnSandbox(token, renewal.body.redirectUrl);
    const expected = addMonthsUtc(expiresAt, 3).toISOString();
    await mySubscription(token, subscriptionId, (row) => row.expiresAt === expected);

    const first = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'Je me suis trompé' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amountCents: 1359 });
    // The order's payment is still within its 7 days: it may be asked back too.
    const between = await mySubscription(token, subscriptionId, (row) => row.refundRequestedAt !== null);
    expect(between.refundableUntil).not.toBeNull();
    const second = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'La commande aussi' },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ amountCents: 453 });
    expect(second.body.paymentReference).not.toBe(first.body.paymentReference);
    const both = await mySubscription(token, subscriptionId, (row) => row.refundableUntil === null);
    expect(both.refundRequestedAt).not.toBeNull();
    // Nothing is left to ask for: asking again records nothing more.
    const third = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token,
      body: { reason: 'Encore' },
    });
    expect(third.body).toEqual(second.body);
    expect((await streamOf(subscriptionId)).filter((e) => e.type === 'RefundRequested')).toHaveLength(2);
  });

  it('refuses a request more than 7 days after the payment, and an empty reason', async () => {
    const who = await customer();
    // Paid a month before it expires in 20 days: eleven days ago.
    const expiresAt = new Date(Date.now() + 20 * 24 * 3_600_000);
    expiresAt.setUTCHours(12, 0, 0, 0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, who.userId, expiresAt);
    const row = await mySubscription(who.token, subscriptionId, (r) => r.status === 'active');
    expect(row.refundableUntil).toBeNull();
    const late = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token: who.token,
      body: { reason: 'Trop tard ?' },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'refund.window_closed' });
    const empty = await request('POST', `/api/me/subscriptions/${subscriptionId}/refund-request`, {
      token: who.token,
      body: { reason: '' },
    });
    expect(empty.status).toBe(400);
  });
});
