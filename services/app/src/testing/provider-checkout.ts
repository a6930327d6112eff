import { subscriptionStreamId } from '@shop/domain';
import { expect } from 'vitest';
import type { EventStore, LogCheckpoint, RecordedEvent } from '@shop/event-store';
import { WEBHOOK_EVENT_TYPE } from '../payments/payment-service.js';
import {
  mySubscriptionWhere,
  randomIp,
  requestJson,
  signUpAndSignIn,
  type JsonReply,
  type JsonRequest,
} from './http-customer.js';
import { useTestShop } from './shop-under-test.js';
import { eventually, type TestShop } from './test-shop.js';

/**
 * The shop as a provider's customers see it: each request and each sign-up from a random address
 * under `ipPrefix` (so per-address limits never meet), customers' e-mails start with `label`.
 */
export function customerSide(shop: TestShop, who: { label: string; ipPrefix: string }) {
  const request = (method: string, path: string, options: JsonRequest = {}) =>
    requestJson(shop.url, method, path, { ip: randomIp(who.ipPrefix), ...options });
  return {
    request,
    customer: () => signUpAndSignIn(shop.url, { label: who.label, ip: randomIp(who.ipPrefix) }),
    /** Polls the customer's subscriptions until `subscriptionId`'s row passes `accept`. */
    subscription: (token: string, subscriptionId: string, accept: (row: Record<string, unknown>) => boolean) =>
      mySubscriptionWhere(request, token, subscriptionId, accept),
    /** The order stream's event types, oldest first. */
    history: async (subscriptionId: string) =>
      (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).map((e) => e.type),
    /** The order stream's events of `type`, oldest first. */
    eventsOf: async (subscriptionId: string, type: string) =>
      (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).filter((e) => e.type === type),
    /** Every stored provider notification in the log, oldest first. */
    storedNotifications: () => eventsOfType(shop.runtime.store, WEBHOOK_EVENT_TYPE),
  };
}

/**
 * A provider's spec file: its shop (jobs on Redis, waits for the plans) paying through the provider
 * `env` names (its stand-in's settings), and the customers its checkouts are tried by (see customerSide).
 */
export function useProviderShop(label: string, options: { env: () => Record<string, string>; ipPrefix: string }) {
  const shop = useTestShop(label, { redis: true, env: options.env, plans: true });
  return { shop, customers: customerSide(shop, { label, ipPrefix: options.ipPrefix }) };
}

/**
 * The same notification sent `times` at once, as a provider's retries may race: expects each
 * answered 200 and exactly one of them taken as new (not a duplicate); the answers.
 */
export async function deliveredAtOnce(times: number, send: () => Promise<JsonReply>): Promise<JsonReply[]> {
  const replies = await Promise.all(Array.from({ length: times }, () => send()));
  expect(replies.map((r) => r.status)).toEqual(Array(times).fill(200));
  expect(replies.filter((r) => r.body.duplicate === false)).toHaveLength(1);
  return replies;
}

/** Every event of `type` in the whole log, oldest first. */
export async function eventsOfType(store: EventStore, type: string): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  let after: LogCheckpoint | null = null;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 500 });
    found.push(...page.events.filter((e) => e.type === type));
    if (page.events.length === 0) return found;
    after = page.checkpoint;
  }
}

/**
 * Waits until the payment-webhooks reactor's checkpoint is at or past `position` and no job waits
 * or runs: the reactor enqueues before it saves its checkpoint, so every notification up to there
 * has gone through the reactor and its job. Returns whether that happened before the deadline.
 */
export async function notificationsProcessed(shop: TestShop, position: number): Promise<boolean> {
  const last = await eventually(
    async () => {
      const row = await shop.runtime.knex('reactor_checkpoints').where({ name: 'payment-webhooks' }).first();
      return { position: Number(row?.last_position ?? 0), counts: await shop.runtime.queue.counts() };
    },
    (state) => state.position >= position && state.counts.waiting === 0 && state.counts.active === 0,
  );
  return last.position >= position && last.counts.waiting === 0 && last.counts.active === 0;
}

/**
 * Netflix, 3 months, launch code: 1359 - 136 = 1223 cents, ordered with Stripe through `call`
 * (expects 201); returns the order and the Checkout Session its redirect names.
 */
export async function placeStripeOrder(
  call: (method: string, path: string, options: JsonRequest) => Promise<JsonReply>,
  token: string,
) {
  const order = await eventually(
    () =>
      call('POST', '/api/orders', {
        token,
        body: { planId: 'netflix', months: 3, promoCode: 'BIENVENUE10', provider: 'stripe', billingCountry: 'FR' },
      }),
    // The catalogue is projected just after start-up.
    (res) => res.status !== 422,
  );
  expect(order.status).toBe(201);
  const redirectUrl = String(order.body.redirectUrl);
  const sessionId = redirectUrl.split('/').pop()!;
  return { subscriptionId: String(order.body.subscriptionId), sessionId, redirectUrl, body: order.body };
}
