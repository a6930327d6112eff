import { randomUUID } from 'node:crypto';
import type { CheckoutRequest, RenewalCharge, SavedMethod } from '../payments/payment-provider.js';

/** The shop's public address in the adapters' requests. */
export const ADAPTER_PUBLIC_URL = 'https://shop.example';

/**
 * What the shop asks an adapter for a checkout of Netflix, a month (453 cents), for a new
 * subscription of its own (its e-mail `renewal-…@example.com`), with `overrides`.
 */
export function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const subscriptionId = randomUUID();
  return {
    subscriptionId,
    description: 'Netflix - 1 mois',
    amountCents: 453,
    currency: 'EUR',
    customerEmail: `renewal-${subscriptionId.slice(0, 8)}@example.com`,
    language: 'fr',
    successUrl: `${ADAPTER_PUBLIC_URL}/payment-success?session_id={SESSION_ID}`,
    cancelUrl: `${ADAPTER_PUBLIC_URL}/payment-cancelled?session_id={SESSION_ID}`,
    idempotencyKey: `checkout-${subscriptionId}-1`,
    ...overrides,
  };
}

/** What the shop asks an adapter to charge `method` for a renewal of `subscriptionId` (a month, 453 cents), with `overrides`. */
export function renewalCharge(
  subscriptionId: string,
  method: SavedMethod,
  overrides: Partial<RenewalCharge> = {},
): RenewalCharge {
  const renewalId = randomUUID();
  return {
    subscriptionId,
    renewalId,
    description: 'Netflix - 1 mois (renouvellement)',
    amountCents: 453,
    currency: 'EUR',
    method,
    idempotencyKey: `renewal-${renewalId}`,
    ...overrides,
  };
}
