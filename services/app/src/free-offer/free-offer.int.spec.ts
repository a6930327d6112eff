import type { AdminStats } from '@shop/contracts';
import { FREE_OFFER_STREAM_ID, FREE_OFFER_PROVIDER, subscriptionStreamId } from '@shop/domain';
import { getSubscription } from '@shop/projections';
import { beforeAll, describe, expect, it } from 'vitest';
import { idForKey } from '../infrastructure/idempotency.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { decodeQuotedPrintable, startSmtpCapture } from '../testing/smtp-capture.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const DAY = 24 * 3600_000;

const smtp = useStandIn('smtp', () =>
  startSmtpCapture<{ text: string; to: string[] }>((raw, to) => ({ text: decodeQuotedPrintable(raw), to })),
);
const shop = useTestShop('free_offer', { env: () => ({ SMTP_URL: smtp.url }) });
let admin: HttpCustomer;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token, body });
const configure = (settings: Record<string, unknown>) => call('PUT', '/api/admin/free-offer', admin.token, settings);
const customer = (label: string) => signUpAndSignIn(shop.url, { label, ip: randomIp('10.93') });
const stats = async () => (await call('GET', '/api/admin/stats', admin.token)).body as unknown as AdminStats;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'offer-admin', ip: randomIp('10.93') });
  await eventually(
    () => call('GET', '/api/admin/free-offer', admin.token),
    (reply) => reply.status === 200,
  );
});

describe('the free offer', () => {
  it('is set by the operator, shown to everyone, and gives a claimant an active subscription at 0 once', async () => {
    expect((await call('GET', '/api/free-offer')).status).toBe(404);
    expect((await call('GET', '/api/admin/free-offer', admin.token)).body).toEqual({
      planId: null,
      months: 12,
      places: 0,
      active: false,
      claimed: 0,
      placesLeft: 0,
    });
    // Months default to the seeds' twelve.
    const set = await configure({ planId: 'netflix', places: 3, active: true });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ planId: 'netflix', months: 12, places: 3, active: true, claimed: 0, placesLeft: 3 });
    const shown = await call('GET', '/api/free-offer?lang=en');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      planId: 'netflix',
      planName: expect.any(String),
      months: 12,
      placesLeft: 3,
      claimedByYou: false,
    });

    // The change is recorded with the operator as actor.
    const history = await shop.runtime.store.readStream(FREE_OFFER_STREAM_ID);
    expect(history.map((event) => event.type)).toEqual(['FreeOfferChanged']);
    expect(history[0]!.metadata.actor).toEqual({ type: 'admin', id: admin.userId });

    const before = await stats();
    const ann = await customer('ann');
    const claimed = await call('POST', '/api/free-offer/claim', ann.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    const subscriptionId = String(claimed.body.subscriptionId);
    const subscription = await eventually(
      () => getSubscription(shop.runtime.knex, subscriptionId),
      (s) => s?.status === 'active',
    );
    expect(subscription).toMatchObject({ userId: ann.userId, planId: 'netflix', months: 12, totalCents: 0 });
    expect(Date.parse(subscription!.expiresAt!)).toBeGreaterThan(Date.now() + 360 * DAY);
    const events = await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
    expect(events.map((event) => [event.type, (event.data as { provider?: string }).provider])).toEqual([
      ['OrderPlaced', FREE_OFFER_PROVIDER],
      ['PaymentConfirmed', FREE_OFFER_PROVIDER],
    ]);
    expect(events[1]!.metadata).toMatchObject({ actor: { type: 'customer', id: ann.userId } });

    // Counted in the dashboard as active and awaiting credentials, with no revenue.
    const after = await eventually(stats, (body) => body.activeSubscriptions === before.activeSubscriptions + 1);
    expect(after.pendingCredentials).toBe(before.pendingCredentials + 1);
    expect(after.totalRevenueCents).toBe(before.totalRevenueCents);
    expect(after.revenueThisMonthCents).toBe(before.revenueThisMonthCents);
    // Mailed and notified as a paid subscription: one e-mail, the confirmation (no "order received").
    const mails = await eventually(
      async () => smtp.messages.filter((m) => m.to.includes(ann.email)),
      (found) => found.length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((m) => m.to.includes(ann.email))).toHaveLength(1);
    expect(mails[0]!.text).toContain('Netflix');
    await eventually(
      () => call('GET', '/api/me/notifications', ann.token),
      (reply) => JSON.stringify(reply.body).includes('Netflix'),
    );

    // A second claim changes nothing.
    const again = await call('POST', '/api/free-offer/claim', ann.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('free_offer.already_claimed');
    expect((await call('GET', '/api/admin/free-offer', admin.token)).body).toMatchObject({ claimed: 1, placesLeft: 2 });
    expect((await call('GET', '/api/free-offer')).body).toMatchObject({ placesLeft: 2, claimedByYou: false });
    // The shop tells her at once that she has it, and nobody else.
    const theirs = await call('GET', '/api/free-offer', ann.token);
    expect(theirs.body).toMatchObject({ placesLeft: 2, claimedByYou: true });
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    expect((await call('GET', '/api/free-offer', admin.token)).body).toMatchObject({ claimedByYou: false });
  });

  it('refuses a visitor (401), and while it is off answers 404 to the shop and 409 to a claim', async () => {
    expect((await call('POST', '/api/free-offer/claim')).status).toBe(401);
    expect((await configure({ planId: 'netflix', months: 6, places: 3, active: false })).status).toBe(200);
    expect((await call('GET', '/api/free-offer')).status).toBe(404);
    const bob = await customer('bob');
    const refused = await call('POST', '/api/free-offer/claim', bob.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('free_offer.closed');
    expect((await call('GET', '/api/me/subscriptions', bob.token)).body.data).toEqual([]);
  });

  it('refuses bad settings (400, 422) and a customer who is not an operator (403), changing nothing', async () => {
    const before = (await call('GET', '/api/admin/free-offer', admin.token)).body;
    for (const body of [
      { planId: 'netflix', months: 0, places: 3, active: true },
      { planId: 'netflix', months: 121, places: 3, active: true },
      { planId: 'netflix', months: 12, places: -1, active: true },
      { planId: 'netflix', months: 12, places: 3 },
      { planId: '', months: 12, places: 3, active: true },
    ]) {
      const reply = await configure(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await configure({ planId: 'no-such-plan', places: 3, active: true });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'free_offer.unknown_plan']);
    // One place is claimed already.
    const tooFew = await configure({ planId: 'netflix', places: 0, active: true });
    expect([tooFew.status, tooFew.body.code]).toEqual([422, 'free_offer.too_few_places']);
    const eve = await customer('eve');
    expect(
      (await call('PUT', '/api/admin/free-offer', eve.token, { planId: 'netflix', places: 9, active: true })).status,
    ).toBe(403);
    expect((await call('GET', '/api/admin/free-offer', eve.token)).status).toBe(403);
    expect((await call('GET', '/api/admin/free-offer', admin.token)).body).toEqual(before);
  });

  it('completes a claim whose subscription was not written (a crash between the two), then refuses the next', async () => {
    expect((await configure({ planId: 'netflix', months: 12, places: 10, active: true })).status).toBe(200);
    const carl = await customer('carl');
    const subscriptionId = idForKey('free-offer', FREE_OFFER_STREAM_ID, carl.userId);
    const version = await shop.runtime.store.streamVersion(FREE_OFFER_STREAM_ID);
    // The place was taken and the process stopped before the subscription was appended.
    await shop.runtime.store.appendToStream(
      FREE_OFFER_STREAM_ID,
      [
        {
          type: 'FreeOfferClaimed',
          data: {
            userId: carl.userId,
            subscriptionId,
            planId: 'netflix',
            months: 12,
            claimedAt: new Date().toISOString(),
          },
          metadata: { actor: { type: 'customer', id: carl.userId } },
        },
      ],
      { expectedVersion: version },
    );
    const completed = await call('POST', '/api/free-offer/claim', carl.token);
    expect(completed.status).toBe(201);
    expect(completed.body.subscriptionId).toBe(subscriptionId);
    expect(await shop.runtime.store.streamVersion(subscriptionStreamId(subscriptionId))).toBe(2);
    const again = await call('POST', '/api/free-offer/claim', carl.token);
    expect([again.status, again.body.code]).toEqual([409, 'free_offer.already_claimed']);
    expect(await shop.runtime.store.streamVersion(subscriptionStreamId(subscriptionId))).toBe(2);
    const claims = (await shop.runtime.store.readStream(FREE_OFFER_STREAM_ID)).filter(
      (event) => event.type === 'FreeOfferClaimed' && (event.data as { userId: string }).userId === carl.userId,
    );
    expect(claims).toHaveLength(1);
  });

  it('gives 20 concurrent claims for 5 places exactly 5 subscriptions; the 15 others hear sold out', async () => {
    const claimedSoFar = Number((await call('GET', '/api/admin/free-offer', admin.token)).body.claimed);
    expect((await configure({ planId: 'netflix', months: 12, places: claimedSoFar + 5, active: true })).status).toBe(
      200,
    );
    const customers: HttpCustomer[] = [];
    for (let i = 0; i < 20; i++) customers.push(await customer(`crowd${i}`));
    const replies = await Promise.all(customers.map((c) => call('POST', '/api/free-offer/claim', c.token)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 409 && reply.body.code === 'free_offer.sold_out')).toHaveLength(
      15,
    );
    const ids = replies.filter((reply) => reply.status === 201).map((reply) => String(reply.body.subscriptionId));
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(await shop.runtime.store.streamVersion(subscriptionStreamId(id))).toBe(2);
    expect((await call('GET', '/api/admin/free-offer', admin.token)).body).toMatchObject({
      claimed: claimedSoFar + 5,
      placesLeft: 0,
    });
    expect((await call('GET', '/api/free-offer')).status).toBe(404);
  }, 120_000);
});
