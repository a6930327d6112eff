import type { RecordedEvent } from '@shop/event-store';
import { describe, expect, it } from 'vitest';
import { dashboardFiguresAsOf, DashboardFold, LOG_ORDER_SLACK_MS } from './stats-as-of.js';

let position = 0;
/** An event as the log returns it, recorded at `at`. */
function recorded(streamId: string, type: string, at: string, data: Record<string, unknown>): RecordedEvent {
  position++;
  return {
    id: `event-${position}`,
    streamId,
    streamVersion: position,
    globalPosition: position,
    checkpoint: String(position),
    type,
    schemaVersion: 1,
    data,
    metadata: {},
    recordedAt: new Date(at),
  };
}

const registered = (userId: string, at: string) =>
  recorded(`account-${userId}`, 'AccountRegistered', at, { userId, registeredAt: at, method: 'password' });
const erased = (userId: string, at: string) =>
  recorded(`account-${userId}`, 'PersonalDataErased', at, { userId, erasedAt: at });

/** An order placed and paid at `paidAt`, running until `expiresAt`. */
function paid(subscriptionId: string, userId: string, totalCents: number, paidAt: string, expiresAt: string) {
  const streamId = `subscription-${subscriptionId}`;
  return [
    recorded(streamId, 'OrderPlaced', paidAt, {
      subscriptionId,
      userId,
      planId: 'netflix',
      planName: 'Netflix',
      months: 1,
      totalCents,
      currency: 'EUR',
      placedAt: paidAt,
    }),
    recorded(streamId, 'PaymentConfirmed', paidAt, {
      subscriptionId,
      provider: 'sandbox',
      paymentReference: `pay-${subscriptionId}`,
      amountCents: totalCents,
      currency: 'EUR',
      paidAt,
      expiresAt,
    }),
  ];
}

const subscriptionEvent = (subscriptionId: string, type: string, at: string, data: Record<string, unknown> = {}) =>
  recorded(`subscription-${subscriptionId}`, type, at, { subscriptionId, ...data });

const AS_OF = new Date('2026-11-20T12:00:00Z');

/** A shop's log around 20 November 2026, with events after that instant too. */
const LOG: RecordedEvent[] = [
  registered('ann', '2026-10-05T09:00:00Z'),
  // Paid in October, one month: expired by the 20th although the expiry job has not run.
  ...paid('s1', 'ann', 453, '2026-10-05T10:00:00Z', '2026-11-05T10:00:00Z'),
  registered('ben', '2026-11-02T09:00:00Z'),
  // Paid at 00:30 on the 20th in Paris (still the 19th in UTC).
  ...paid('s2', 'ben', 1223, '2026-11-19T23:30:00Z', '2026-12-19T23:30:00Z'),
  ...paid('s3', 'ben', 900, '2026-11-10T08:00:00Z', '2026-12-10T08:00:00Z'),
  subscriptionEvent('s3', 'PaymentRefunded', '2026-11-12T08:00:00Z', { amountCents: 900 }),
  ...paid('s4', 'ann', 500, '2026-11-11T08:00:00Z', '2026-12-11T08:00:00Z'),
  subscriptionEvent('s4', 'SubscriptionVoided', '2026-11-13T08:00:00Z', { reason: 'test order' }),
  registered('cleo', '2026-11-10T07:00:00Z'),
  ...paid('s5', 'cleo', 2000, '2026-11-10T09:00:00Z', '2026-12-10T09:00:00Z'),
  subscriptionEvent('s5', 'CredentialsAssigned', '2026-11-10T10:00:00Z', { credentialsId: 'set-1' }),
  erased('cleo', '2026-11-15T08:00:00Z'),
  // After the instant asked for.
  subscriptionEvent('s2', 'CredentialsAssigned', '2026-11-21T08:00:00Z', { credentialsId: 'set-2' }),
  registered('dora', '2026-11-25T08:00:00Z'),
  ...paid('s6', 'dora', 453, '2026-11-25T09:00:00Z', '2026-12-25T09:00:00Z'),
];

describe('the dashboard figures as of an instant, folded from the log', () => {
  it('counts what stood at that instant with the live figures’ rules: active by expiry, paid and not refunded, voided and erased left out, Paris days', () => {
    const fold = new DashboardFold(AS_OF);
    const kept = LOG.filter((event) => fold.add(event));
    expect(kept).toHaveLength(LOG.length - 4);
    const figures = fold.figures();
    expect(figures).toMatchObject({
      totalUsers: 2,
      newUsersThisMonth: 1,
      activeSubscriptions: 2,
      expiredSubscriptions: 1,
      totalRevenueCents: 453 + 1223 + 2000,
      revenueThisMonthCents: 1223 + 2000,
      pendingCredentials: 1,
      users: { with: 1, expired: 1, without: 0, total: 2 },
      subscriptions: { total: 4, withCredentials: 1, withoutCredentials: 3, active: 2 },
    });
    expect(figures.revenueByDay).toHaveLength(30);
    expect(figures.revenueByDay[0]).toEqual({ date: '2026-10-22', cents: 0 });
    expect(figures.revenueByDay.at(-1)).toEqual({ date: '2026-11-20', cents: 1223 });
    expect(figures.revenueByDay.find((day) => day.date === '2026-11-10')).toEqual({ date: '2026-11-10', cents: 2000 });
    // The refunded order was paid that day too: counted among the day's subscriptions, not its revenue.
    expect(figures.subscriptionsByDay.find((day) => day.date === '2026-11-10')).toEqual({
      date: '2026-11-10',
      count: 2,
    });
    expect(figures.subscriptionsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });

  it("classifies users by the seeds' rule: with one currently active, expired with any other subscription, without none but voided ones", () => {
    const fold = new DashboardFold(AS_OF);
    const placed = (subscriptionId: string, userId: string) =>
      paid(subscriptionId, userId, 453, '2026-11-01T10:00:00Z', '2026-12-01T10:00:00Z')[0]!;
    for (const event of [
      registered('pending', '2026-11-01T09:00:00Z'),
      placed('p1', 'pending'),
      registered('cancelled', '2026-11-01T09:00:00Z'),
      ...paid('c1', 'cancelled', 453, '2026-11-01T10:00:00Z', '2026-12-01T10:00:00Z'),
      subscriptionEvent('c1', 'SubscriptionStatusChanged', '2026-11-02T10:00:00Z', {
        from: 'active',
        to: 'cancelled',
        reason: 'asked for',
        changedAt: '2026-11-02T10:00:00Z',
      }),
      registered('both', '2026-11-01T09:00:00Z'),
      ...paid('b1', 'both', 453, '2026-10-01T10:00:00Z', '2026-11-01T10:00:00Z'),
      ...paid('b2', 'both', 453, '2026-11-15T10:00:00Z', '2026-12-15T10:00:00Z'),
      registered('voided', '2026-11-01T09:00:00Z'),
      placed('v1', 'voided'),
      subscriptionEvent('v1', 'SubscriptionVoided', '2026-11-03T10:00:00Z', { reason: 'test order' }),
      registered('nothing', '2026-11-01T09:00:00Z'),
    ]) {
      fold.add(event);
    }
    expect(fold.figures().users).toEqual({ with: 1, expired: 2, without: 2, total: 5 });
  });

  it('answers an empty shop before anything was recorded', () => {
    const fold = new DashboardFold(new Date('2026-01-01T00:00:00Z'));
    for (const event of LOG) fold.add(event);
    expect(fold.figures()).toMatchObject({ totalUsers: 0, activeSubscriptions: 0, totalRevenueCents: 0 });
  });

  it('reads the log in pages past events recorded out of order, and stops once the log is well past the instant', async () => {
    // An append that began before the instant and whose later event was inserted after one of a
    // transaction ordered after it: recorded before the instant, yet later in the log.
    const late = registered('late', '2026-11-20T11:59:59Z');
    const early = registered('early', '2026-11-20T12:00:01Z');
    const farAfter = registered('far', new Date(AS_OF.getTime() + LOG_ORDER_SLACK_MS + 1000).toISOString());
    const beyond = registered('beyond', '2026-11-19T00:00:00Z');
    const log = [...LOG.slice(0, 3), early, late, farAfter, beyond];
    const reads: Array<string | null> = [];
    const store = {
      readAll: async ({ after, maxCount }: { after?: string | null; maxCount?: number }) => {
        reads.push(after ?? null);
        const from = after ? log.findIndex((event) => event.checkpoint === after) + 1 : 0;
        const events = log.slice(from, from + (maxCount ?? 500));
        return { events, checkpoint: events.at(-1)?.checkpoint ?? after ?? null, mayHaveMore: false };
      },
    };
    const { figures, eventsRead } = await dashboardFiguresAsOf(store, AS_OF);
    expect(eventsRead).toBe(6);
    // Ann and the late one; "beyond" is never read (a real log holds nothing like it past the slack).
    expect(figures.totalUsers).toBe(2);
  });

  it('waits for an append still committing below the horizon rather than answering without it', async () => {
    const pages = [
      { events: [registered('first', '2026-11-19T08:00:00Z')], mayHaveMore: true },
      { events: [], mayHaveMore: true },
      { events: [registered('committed-late', '2026-11-19T09:00:00Z')], mayHaveMore: false },
      { events: [], mayHaveMore: false },
    ];
    const store = {
      readAll: async () => {
        const page = pages.shift()!;
        return { ...page, checkpoint: page.events.at(-1)?.checkpoint ?? null };
      },
    };
    const { figures } = await dashboardFiguresAsOf(store, AS_OF);
    expect(figures.totalUsers).toBe(2);
    expect(pages).toHaveLength(0);
  });
});
