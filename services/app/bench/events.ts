import { randomUUID } from 'node:crypto';
import type {
  CredentialsAssigned,
  OrderPlaced,
  PaymentConfirmed,
  SubscriptionEvent,
  SubscriptionStatusChanged,
} from '@shop/domain';
import type { NewEvent } from '@shop/event-store';

const PLANS = [
  { id: 'netflix-premium', name: 'Netflix Premium', monthlyPriceCents: 450 },
  { id: 'spotify-family', name: 'Spotify Family', monthlyPriceCents: 300 },
  { id: 'youtube-premium', name: 'YouTube Premium', monthlyPriceCents: 350 },
] as const;

export function orderPlaced(subscriptionId: string): OrderPlaced {
  const plan = PLANS[subscriptionId.charCodeAt(0) % PLANS.length]!;
  const months = 6;
  const subtotalCents = plan.monthlyPriceCents * months;
  const discountCents = Math.round(subtotalCents * 0.1);
  return {
    type: 'OrderPlaced',
    data: {
      subscriptionId,
      userId: userIdFor(subscriptionId),
      planId: plan.id,
      planName: plan.name,
      months,
      monthlyPriceCents: plan.monthlyPriceCents,
      subtotalCents,
      discountPercent: 10,
      discountCents,
      totalCents: subtotalCents - discountCents,
      currency: 'EUR',
      promoCode: 'WELCOME10',
      provider: 'stripe',
      placedAt: new Date().toISOString(),
    },
  };
}

function paymentConfirmed(subscriptionId: string): PaymentConfirmed {
  const order = orderPlaced(subscriptionId).data;
  const paidAt = new Date();
  return {
    type: 'PaymentConfirmed',
    data: {
      subscriptionId,
      provider: 'stripe',
      paymentReference: `pi_${subscriptionId.replaceAll('-', '').slice(0, 24)}`,
      amountCents: order.totalCents,
      currency: order.currency,
      paidAt: paidAt.toISOString(),
      expiresAt: new Date(paidAt.getTime() + 182 * 86_400_000).toISOString(),
    },
  };
}

function credentialsAssigned(subscriptionId: string): CredentialsAssigned {
  return {
    type: 'CredentialsAssigned',
    data: { subscriptionId, credentialsId: randomUUID(), assignedAt: new Date().toISOString() },
  };
}

function statusToggled(subscriptionId: string, suspend: boolean): SubscriptionStatusChanged {
  return {
    type: 'SubscriptionStatusChanged',
    data: {
      subscriptionId,
      from: suspend ? 'active' : 'suspended',
      to: suspend ? 'suspended' : 'active',
      reason: suspend ? 'shared account reported' : 'issue resolved',
      changedAt: new Date().toISOString(),
    },
  };
}

/**
 * The event at `version` (1-based) of a subscription stream, following a plausible lifecycle
 * (placed, paid, credentials, then status changes back and forth), so that every event in the
 * log is one the subscriptions projection really handles when it is rebuilt.
 */
export function lifecycleEvent(subscriptionId: string, version: number): NewEvent {
  let event: SubscriptionEvent;
  if (version === 1) event = orderPlaced(subscriptionId);
  else if (version === 2) event = paymentConfirmed(subscriptionId);
  else if (version === 3) event = credentialsAssigned(subscriptionId);
  else event = statusToggled(subscriptionId, version % 2 === 0);
  return withMetadata(subscriptionId, event);
}

/** Metadata as the API writes it: a correlation id and the acting customer. */
export function withMetadata(subscriptionId: string, event: SubscriptionEvent): NewEvent {
  return {
    type: event.type,
    data: event.data,
    metadata: { correlationId: randomUUID(), actor: { type: 'customer', id: userIdFor(subscriptionId) } },
  };
}

function userIdFor(subscriptionId: string): string {
  return `user-${subscriptionId.slice(0, 8)}`;
}
