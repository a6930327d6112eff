import { SUBSCRIPTION_EVENT_TYPES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { providerName, summarize } from './event-summaries.js';

describe("a subscription's history in words", () => {
  it.each(['fr', 'en'] as const)(
    'has a sentence for every subscription event in %s, never its type name',
    (language) => {
      for (const type of SUBSCRIPTION_EVENT_TYPES) {
        expect(summarize(type, {}, { language, actorName: 'Alice', timeZone: 'Europe/Paris' }), type).not.toBe(type);
      }
    },
  );

  it("tells an order's request for access before the withdrawal period ends, in both languages", () => {
    const data = {
      planName: 'Netflix',
      months: 1,
      totalCents: 453,
      currency: 'EUR',
      promoCode: null,
      immediateAccess: true,
    };
    const context = { actorName: 'Alice', timeZone: 'Europe/Paris' };
    expect(summarize('OrderPlaced', data, { ...context, language: 'fr' })).toMatch(
      /^Commande passée : Netflix, 1 mois, 4,53\s€, accès immédiat demandé avant la fin du délai de rétractation$/,
    );
    expect(summarize('OrderPlaced', data, { ...context, language: 'en' })).toMatch(
      /^Order placed: Netflix, 1 month, €4\.53, immediate access asked for before the withdrawal period ends$/,
    );
    expect(summarize('OrderPlaced', { ...data, immediateAccess: undefined }, { ...context, language: 'en' })).toMatch(
      /^Order placed: Netflix, 1 month, €4\.53$/,
    );
  });

  it('tells a partial refund with its amount and what was refunded of the payment so far', () => {
    const data = { provider: 'stripe', amountCents: 223, refundedTotalCents: 500, currency: 'EUR' };
    expect(
      summarize('PartialRefundRecorded', data, { language: 'fr', actorName: 'Stripe', timeZone: 'Europe/Paris' }),
    ).toMatch(
      /^Remboursement partiel par Stripe : 2,23\s€ \(5,00\s€ remboursés sur ce paiement, l'abonnement reste actif\)$/,
    );
  });

  it('tells a refund completing partial ones with what it gave back, then the whole payment', () => {
    const context = { actorName: 'Stripe', timeZone: 'UTC' };
    const data = { provider: 'stripe', amountCents: 1359, refundedBeforeCents: 1000, currency: 'EUR' };
    expect(summarize('PaymentRefunded', data, { ...context, language: 'fr' })).toMatch(
      /^Paiement remboursé par Stripe : 3,59\s€ \(le reste des 13,59\s€ du paiement\)$/,
    );
    expect(summarize('PaymentRefunded', data, { ...context, language: 'en' })).toMatch(
      /^Payment refunded by Stripe: €3\.59 \(the rest of the €13\.59 payment\)$/,
    );
    const order = { ...data, months: 3, expiresAt: '2027-01-10T09:05:00.000Z' };
    expect(summarize('OrderRefunded', order, { ...context, language: 'en' })).toMatch(
      /^Order refunded by Stripe: €3\.59 \(the rest of the €13\.59 payment\), its 3 months taken off/,
    );
    const renewal = { ...data, amountCents: 453, refundedBeforeCents: 0, renewalId: 'r', expiresAt: order.expiresAt };
    expect(summarize('RenewalRefunded', renewal, { ...context, language: 'fr' })).toMatch(
      /^Renouvellement remboursé par Stripe : 4,53\s€, échéance/,
    );
  });

  it('names the built-in test provider in the reader’s language, as the invoices do', () => {
    const data = { provider: 'sandbox', amountCents: 453, currency: 'EUR', expiresAt: '2027-02-24T10:00:05.000Z' };
    expect(summarize('PaymentConfirmed', data, { language: 'fr', actorName: 'Sandbox', timeZone: 'UTC' })).toMatch(
      /^Paiement confirmé par Sandbox \(paiement de test\) : 4,53\s€/,
    );
    expect(summarize('PaymentConfirmed', data, { language: 'en', actorName: 'Sandbox', timeZone: 'UTC' })).toMatch(
      /^Payment confirmed by Sandbox \(test payment\): €4\.53/,
    );
    expect(providerName('sandbox', 'fr')).toBe('Sandbox (paiement de test)');
    expect(providerName('stripe', 'fr')).toBe('Stripe');
  });

  it('says a renewal refunded after the order ends the subscription, when it does', () => {
    const data = {
      provider: 'stripe',
      amountCents: 453,
      currency: 'EUR',
      renewalId: 'r',
      expiresAt: '2027-01-10T09:05:00.000Z',
    };
    const context = { actorName: 'Stripe', timeZone: 'UTC' };
    expect(summarize('RenewalRefunded', data, { ...context, language: 'fr' })).toMatch(
      /échéance ramenée au 2027-01-10/,
    );
    expect(summarize('RenewalRefunded', { ...data, ends: true }, { ...context, language: 'fr' })).toMatch(
      /^Renouvellement remboursé par Stripe : 4,53\s€ ; plus aucun paiement n'est gardé \(la commande était remboursée\), l'abonnement prend fin$/,
    );
    expect(summarize('RenewalRefunded', { ...data, ends: true }, { ...context, language: 'en' })).toMatch(
      /the subscription ends$/,
    );
  });

  it("writes dates in the shop's time zone with its offset, to the second, or in UTC when asked", () => {
    const data = { provider: 'stripe', amountCents: 1223, currency: 'EUR', expiresAt: '2027-02-24T10:00:05.000Z' };
    const context = { language: 'fr' as const, actorName: 'Stripe', timeZone: 'Europe/Paris' };
    expect(summarize('PaymentConfirmed', data, context)).toMatch(/actif jusqu'au 2027-02-24 11:00:05 \+01:00$/);
    expect(summarize('PaymentConfirmed', data, { ...context, utc: true })).toMatch(
      /actif jusqu'au 2027-02-24 10:00:05 \+00:00$/,
    );
  });

  it('says whose eyes read which set, and which version', () => {
    const data = { credentialSetId: '0f5e2b7a-1111-4222-8333-444455556666', credentialsVersion: 2 };
    expect(summarize('CredentialsRevealed', data, { language: 'en', actorName: 'Aude', timeZone: 'UTC' })).toBe(
      'Password of set 0f5e2b7a (version 2) shown to Aude',
    );
  });

  it("words the reasons the shop itself gives in the reader's language, and an operator's own as written", () => {
    const erased = { from: 'active', to: 'cancelled', reason: 'customer erased' };
    const context = { actorName: 'Aude', timeZone: 'UTC' };
    expect(summarize('SubscriptionStatusChanged', erased, { ...context, language: 'fr' })).toBe(
      'Statut changé de actif à annulé par Aude (motif : client effacé)',
    );
    expect(summarize('SubscriptionStatusChanged', erased, { ...context, language: 'en' })).toBe(
      'Status changed from active to cancelled by Aude (reason: customer erased)',
    );
    const typed = { ...erased, reason: 'Fraude avérée' };
    expect(summarize('SubscriptionStatusChanged', typed, { ...context, language: 'en' })).toMatch(
      /\(reason: Fraude avérée\)$/,
    );
  });

  it('names an API key by its name and first characters, with its scopes, and a revocation with its reason', () => {
    const created = { name: 'CRM', prefix: 'sk_AbCd1234', scopes: ['read:events', 'read:invoices'] };
    const context = { actorName: 'Aude', timeZone: 'UTC' };
    expect(summarize('ApiKeyCreated', created, { ...context, language: 'en' })).toBe(
      'API key "CRM" (sk_AbCd1234…) created by Aude, scopes: read:events, read:invoices',
    );
    expect(summarize('ApiKeyRevoked', { reason: 'leaked' }, { ...context, language: 'fr' })).toBe(
      'Clé d’API révoquée par Aude (motif : leaked)',
    );
  });
});
