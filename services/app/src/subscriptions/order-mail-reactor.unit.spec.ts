import type { SubscriptionEvent } from '@shop/domain';
import { orderPlacedEvent } from '@shop/domain/testing';
import type { RecordedEvent } from '@shop/event-store';
import { describe, expect, it } from 'vitest';
import { orderMailReactor } from './order-mail-reactor.js';

const RECORDED_AT = new Date('2027-01-01T12:00:00.000Z');
const DAY = 24 * 3600_000;

const recorded = (event: SubscriptionEvent): RecordedEvent => ({
  id: 'event-1',
  streamId: 'subscription-sub-1',
  streamVersion: 2,
  globalPosition: 7,
  checkpoint: '7',
  type: event.type,
  schemaVersion: 1,
  data: event.data,
  metadata: {},
  recordedAt: RECORDED_AT,
});

/** The payment the events below are about, as each of them names it. */
const payment = { subscriptionId: 'sub-1', provider: 'sandbox', paymentReference: 'pay-1', currency: 'EUR' };

const jobsOf = (event: SubscriptionEvent) =>
  orderMailReactor.react(recorded(event)).map((job) => ({
    id: job.jobId,
    data: job.data as Record<string, unknown>,
    runAt: job.runAt?.toISOString(),
  }));

describe('the order mail reactor', () => {
  it("hands an order's request for immediate access to its receipt, and nothing when none was made", () => {
    const placed = (immediateAccess?: true) =>
      orderPlacedEvent({ subscriptionId: 'sub-1', ...(immediateAccess ? { immediateAccess } : {}) });
    const [asked] = jobsOf(placed(true));
    expect(asked!.data).toMatchObject({ kind: 'order_received', immediateAccess: true });
    const [notAsked] = jobsOf(placed());
    expect(notAsked!.data).not.toHaveProperty('immediateAccess');
  });

  it('reminds to renew 7 days and 1 day before an expiry it learns of, and gives notice of an automatic charge 7 days before', () => {
    const expiresAt = new Date(RECORDED_AT.getTime() + 30 * DAY).toISOString();
    const jobs = jobsOf({
      type: 'PaymentConfirmed',
      data: { ...payment, amountCents: 1359, paidAt: RECORDED_AT.toISOString(), expiresAt },
    });
    expect(jobs.map(({ id, runAt }) => [id, runAt])).toEqual([
      ['event-1:payment_confirmed', undefined],
      ['event-1:renewal_reminder:7d', new Date(Date.parse(expiresAt) - 7 * DAY).toISOString()],
      ['event-1:renewal_reminder:1d', new Date(Date.parse(expiresAt) - DAY).toISOString()],
      // Which of the two the customer gets is decided when it is due: by hand, or renewing itself.
      ['event-1:renewal_upcoming', new Date(Date.parse(expiresAt) - 7 * DAY).toISOString()],
    ]);
    expect(jobs[1]!.data).toMatchObject({ kind: 'renewal_reminder', subscriptionId: 'sub-1', expiresAt });
    expect(jobs[3]!.data).toMatchObject({ kind: 'renewal_upcoming', subscriptionId: 'sub-1', expiresAt });
  });

  it('leaves out the reminders already past when a renewal sets the expiry', () => {
    const to = new Date(RECORDED_AT.getTime() + 5 * DAY).toISOString();
    const jobs = jobsOf({
      type: 'SubscriptionRenewed',
      data: {
        ...payment,
        paymentReference: 'pay-2',
        renewalId: 'renewal-1',
        months: 1,
        from: RECORDED_AT.toISOString(),
        to,
        amountCents: 453,
        paidAt: RECORDED_AT.toISOString(),
      },
    });
    expect(jobs.map(({ id }) => id)).toEqual(['event-1:renewal_confirmed', 'event-1:renewal_reminder:1d']);
  });

  it('tells of a refund issued: part of the order or a renewal, a whole payment, a renewal refunded', () => {
    const at = RECORDED_AT.toISOString();
    const partial = (kind: 'order' | 'renewal' | 'extra') =>
      jobsOf({
        type: 'PartialRefundRecorded',
        data: { ...payment, amountCents: 300, refundedAt: at, kind, refundedTotalCents: 300 },
      });
    expect(partial('order').map(({ id, data }) => [id, data.kind, data.amountCents])).toEqual([
      ['event-1:refund_issued', 'refund_issued', 300],
    ]);
    expect(partial('renewal')).toHaveLength(1);
    expect(partial('extra')).toEqual([]);
    expect(
      jobsOf({ type: 'PaymentRefunded', data: { ...payment, amountCents: 1359, refundedAt: at } }).map(
        ({ data }) => data.amountCents,
      ),
    ).toEqual([1359]);
    expect(
      jobsOf({
        type: 'RenewalRefunded',
        data: { ...payment, amountCents: 453, refundedAt: at, renewalId: 'renewal-1', expiresAt: at },
      }).map(({ data }) => [data.kind, data.amountCents]),
    ).toEqual([['refund_issued', 453]]);
  });

  it('tells of the last of several partial refunds with what it gave back, not the whole payment', () => {
    const at = RECORDED_AT.toISOString();
    const amounts = (
      [
        { type: 'PaymentRefunded', data: { ...payment, amountCents: 1359, refundedBeforeCents: 1000, refundedAt: at } },
        {
          type: 'RenewalRefunded',
          data: {
            ...payment,
            amountCents: 453,
            refundedBeforeCents: 353,
            refundedAt: at,
            renewalId: 'r',
            expiresAt: at,
          },
        },
        {
          type: 'OrderRefunded',
          data: { ...payment, amountCents: 1359, refundedBeforeCents: 359, refundedAt: at, months: 3, expiresAt: at },
        },
      ] as const
    ).map((event) => jobsOf(event)[0]?.data.amountCents);
    expect(amounts).toEqual([359, 100, 1000]);
  });

  it('says whether the refund ended the subscription, and the expiry it moved back to otherwise', () => {
    const at = RECORDED_AT.toISOString();
    const later = '2027-03-01T00:00:00.000Z';
    const dataOf = (event: Parameters<typeof jobsOf>[0]) => jobsOf(event)[0]?.data;
    expect(dataOf({ type: 'PaymentRefunded', data: { ...payment, amountCents: 1359, refundedAt: at } })).toMatchObject({
      ended: true,
    });
    const renewal = { ...payment, amountCents: 453, refundedAt: at, renewalId: 'r', expiresAt: later };
    expect(dataOf({ type: 'RenewalRefunded', data: { ...renewal, ends: true } })).toMatchObject({ ended: true });
    expect(dataOf({ type: 'RenewalRefunded', data: renewal })).toMatchObject({ expiresAt: later });
    expect(dataOf({ type: 'RenewalRefunded', data: renewal })).not.toHaveProperty('ended');
    expect(
      dataOf({
        type: 'OrderRefunded',
        data: { ...payment, amountCents: 1359, refundedAt: at, months: 3, expiresAt: later },
      }),
    ).toMatchObject({ expiresAt: later });
  });

  it('tells of an order cancelled because nobody paid it', () => {
    const jobs = jobsOf({
      type: 'OrderAbandoned',
      data: { subscriptionId: 'sub-1', pendingHours: 48, abandonedAt: RECORDED_AT.toISOString() },
    });
    expect(jobs).toEqual([
      {
        id: 'event-1:order_abandoned',
        data: {
          kind: 'order_abandoned',
          subscriptionId: 'sub-1',
          mailId: 'event-1:order_abandoned',
          at: RECORDED_AT.toISOString(),
        },
        runAt: undefined,
      },
    ]);
  });

  it('tells of a suspension, and of an end the operator set, as of that moment; of no other status change', () => {
    const changedAt = '2026-12-15T09:30:00.000Z';
    const change = (to: 'suspended' | 'active' | 'cancelled' | 'expired') =>
      jobsOf({
        type: 'SubscriptionStatusChanged',
        data: { subscriptionId: 'sub-1', from: 'active', to, reason: 'support', changedAt },
      });
    expect(change('suspended').map(({ id }) => id)).toEqual(['event-1:suspended']);
    // Expired before its term: the e-mail says it ended when the operator ended it, not at the expiry it had.
    expect(change('expired')).toEqual([
      {
        id: 'event-1:expired',
        data: expect.objectContaining({ kind: 'expired', subscriptionId: 'sub-1', expiresAt: changedAt }),
        runAt: undefined,
      },
    ]);
    expect(change('active')).toEqual([]);
    expect(change('cancelled')).toEqual([]);
  });

  it('asks for the notice of an automatic charge at once when renewal is turned on (the job knows whether it is due)', () => {
    const jobs = jobsOf({
      type: 'AutoRenewalEnabled',
      data: {
        subscriptionId: 'sub-1',
        provider: 'stripe',
        methodId: 'pm_1',
        customerId: 'cus_1',
        methodLabel: 'Visa •••• 4242',
        enabledAt: RECORDED_AT.toISOString(),
      },
    });
    expect(jobs).toEqual([
      {
        id: 'event-1:renewal_upcoming:on',
        data: {
          kind: 'renewal_upcoming',
          subscriptionId: 'sub-1',
          mailId: 'event-1:renewal_upcoming:on',
          at: RECORDED_AT.toISOString(),
        },
        runAt: RECORDED_AT.toISOString(),
      },
    ]);
  });
});
