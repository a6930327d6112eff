import { expect, it } from 'vitest';
import type {
  CheckoutRequest,
  PaymentOutcome,
  PaymentProvider,
  RenewalCharge,
  SavedMethod,
} from '../payments/payment-provider.js';
import { renewalCharge } from './provider-requests.js';

/** Checks the checkout `sessionId` with `provider`, expects it paid, and answers the method it kept. */
export async function keptMethod(provider: PaymentProvider, sessionId: string): Promise<SavedMethod> {
  const outcome = await provider.checkSession(sessionId);
  expect(outcome.kind).toBe('paid');
  const savedMethod = (outcome as Extract<PaymentOutcome, { kind: 'paid' }>).savedMethod!;
  expect(savedMethod).toBeDefined();
  return savedMethod;
}

/** An adapter that keeps payment methods, against its stand-in, as its spec sets it up. */
export interface SavedMethodAdapter {
  /** Builds the adapter as the shop does, against the stand-in. */
  build(): PaymentProvider;
  /** A checkout that kept the method it was paid with (`card`, the provider's ordinary test card by default). */
  savedCheckout(
    card?: string,
  ): Promise<{ provider: PaymentProvider; request: CheckoutRequest; savedMethod: SavedMethod }>;
  /** The test card that attaches but refuses every later charge, and the reason the provider then gives. */
  decliningCard: string;
  declineReason: string;
  /** What the provider's ids of a charge look like (`pi_…`, `tr_…`). */
  chargeId: RegExp;
  /** How many renewal charges the provider holds for the customer it kept. */
  renewalChargesOf(customerId: string): number;
  /** Checks the provider's own record of `charge` (what it was asked, how it stands), once charged. */
  expectCharged(charge: RenewalCharge, chargeId: string, outcome: 'paid' | 'declined'): void;
}

/**
 * What the shop relies on when it charges a kept method for a renewal, whatever the provider: the
 * adapter offers it, charges once per idempotency key however often the job asks, and answers a
 * declined card, not throws. Each adapter's spec runs these against its stand-in.
 */
export function savedMethodChargingContract(adapter: SavedMethodAdapter): void {
  it('is offered by the adapter', () => {
    expect(typeof adapter.build().chargeSavedMethod).toBe('function');
  });

  it('charges the kept method once per idempotency key, and the next renewal is a charge of its own', async () => {
    const { provider, request, savedMethod } = await adapter.savedCheckout();
    const charge = renewalCharge(request.subscriptionId, savedMethod);

    const answer = await provider.chargeSavedMethod!(charge);
    expect(answer).toMatchObject({
      sessionId: expect.stringMatching(adapter.chargeId),
      outcome: { kind: 'paid', amountCents: 453, currency: 'EUR', paidAt: expect.any(Date) },
    });
    expect(answer.outcome).toMatchObject({ paymentReference: answer.sessionId });
    adapter.expectCharged(charge, answer.sessionId, 'paid');

    // Asked again with the same key (a retried job): the same charge, no second one.
    const again = await provider.chargeSavedMethod!(charge);
    expect(again.sessionId).toBe(answer.sessionId);
    expect(again.outcome.kind).toBe('paid');
    expect(adapter.renewalChargesOf(savedMethod.customerId!)).toBe(1);

    const next = await provider.chargeSavedMethod!(renewalCharge(request.subscriptionId, savedMethod));
    expect(next.outcome.kind).toBe('paid');
    expect(next.sessionId).not.toBe(answer.sessionId);
    expect(adapter.renewalChargesOf(savedMethod.customerId!)).toBe(2);
  });

  it('answers declined for a card that attached but refuses later charges, the same for a retry and again for a new attempt', async () => {
    const { provider, request, savedMethod } = await adapter.savedCheckout(adapter.decliningCard);
    expect(savedMethod.label).toBe('Visa •••• 0341');
    const charge = renewalCharge(request.subscriptionId, savedMethod);
    const declined = { kind: 'declined', reason: adapter.declineReason };

    const answer = await provider.chargeSavedMethod!(charge);
    expect(answer).toEqual({ sessionId: expect.stringMatching(adapter.chargeId), outcome: declined });
    adapter.expectCharged(charge, answer.sessionId, 'declined');
    expect(await provider.chargeSavedMethod!(charge)).toEqual(answer);
    expect(adapter.renewalChargesOf(savedMethod.customerId!)).toBe(1);

    const nextAttempt = await provider.chargeSavedMethod!({ ...charge, idempotencyKey: `${charge.idempotencyKey}-2` });
    expect(nextAttempt).toEqual({ sessionId: expect.stringMatching(adapter.chargeId), outcome: declined });
    expect(nextAttempt.sessionId).not.toBe(answer.sessionId);
    expect(adapter.renewalChargesOf(savedMethod.customerId!)).toBe(2);
  });
}
