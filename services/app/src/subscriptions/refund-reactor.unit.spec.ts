import type { RecordedEvent } from '@shop/event-store';
import { describe, expect, it } from 'vitest';
import { REFUND_SETTLEMENT_DELAY_MS, refundReactor } from './refund-reactor.js';

const INITIATED_AT = '2027-01-01T12:00:00.000Z';

const initiated: RecordedEvent = {
  id: 'event-9',
  streamId: 'subscription-sub-1',
  streamVersion: 4,
  globalPosition: 31,
  checkpoint: '31',
  type: 'RefundInitiated',
  schemaVersion: 1,
  data: {
    subscriptionId: 'sub-1',
    refundId: 'ref-1',
    paymentReference: 'pi_1',
    provider: 'stripe',
    amountCents: 223,
    currency: 'EUR',
    reason: 'Launch code applied twice',
    refundedBeforeCents: 0,
    initiatedAt: INITIATED_AT,
  },
  metadata: {},
  recordedAt: new Date(INITIATED_AT),
};

describe('the settlement of an operator refund', () => {
  it('is a job a while after the refund was asked: the request that asked makes it, the job only if it did not finish', () => {
    expect(REFUND_SETTLEMENT_DELAY_MS).toBeGreaterThanOrEqual(30_000);
    expect(refundReactor.react(initiated)).toEqual([
      {
        jobId: 'event-9',
        name: 'settle-refund',
        data: { subscriptionId: 'sub-1', refundId: 'ref-1' },
        runAt: new Date(Date.parse(INITIATED_AT) + REFUND_SETTLEMENT_DELAY_MS),
      },
    ]);
  });
});
