import { SUBSCRIPTION_EVENT_TYPES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { summarize } from './event-summaries.js';

describe("a subscription's history in words", () => {
  it.each(['fr', 'en'] as const)(
    'has a sentence for every subscription event in %s, never its type name',
    (language) => {
      for (const type of SUBSCRIPTION_EVENT_TYPES) {
        expect(summarize(type, {}, { language, actorName: 'Alice' }), type).not.toBe(type);
      }
    },
  );

  it('tells a partial refund with its amount and what was refunded of the payment so far', () => {
    const data = { provider: 'stripe', amountCents: 223, refundedTotalCents: 500, currency: 'EUR' };
    expect(summarize('PartialRefundRecorded', data, { language: 'fr', actorName: 'Stripe' })).toMatch(
      /^Remboursement partiel par Stripe : 2,23\s€ \(5,00\s€ remboursés sur ce paiement, l'abonnement reste actif\)$/,
    );
  });
});
