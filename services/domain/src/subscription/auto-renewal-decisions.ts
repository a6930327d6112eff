import { DomainError } from '../shared/domain-error.js';
import type { OrderAutomaticRenewal, RecordRenewalCharge, ResumeAutoRenewal } from './commands.js';
import { autoRenewalEnabled, paymentSessionOpened, renewalOrdered, type SubscriptionEvent } from './events.js';
import { priceOnSale, type ExistingSubscription } from './guards.js';
import { decideRenewalPayment, requireOwner } from './lifecycle-decisions.js';
import { latestBilling, type AutomaticCharge, type Renewal } from './subscription-state.js';

const HOUR_MS = 3_600_000;

/**
 * When a subscription that renews itself is charged for its next period: `leadHours` before its
 * expiry, but never before the period it has paid for has begun, so that at most one period is
 * ever paid ahead (a lead longer than a period would otherwise charge again at once, and again).
 */
export function renewalDueAt(period: { expiresAt: string; periodStartedAt: string | null }, leadHours: number): Date {
  const byLead = Date.parse(period.expiresAt) - leadHours * HOUR_MS;
  const started = period.periodStartedAt === null ? byLead : Date.parse(period.periodStartedAt);
  return new Date(Math.max(byLead, started));
}

/** The automatic renewal ordered for the subscription's current expiry, paid or not, if there is one. */
function automaticRenewalFor(current: ExistingSubscription) {
  return Object.entries(current.renewals ?? {}).find(
    ([, renewal]) => renewal.automatic && renewal.automatic.forExpiry === current.expiresAt,
  );
}

/**
 * An automatic renewal still to be charged: ordered for the current expiry, not paid, with a try
 * left. Anything else (paid, out of date after a renewal by hand, out of tries) is not charged.
 */
export function chargeableRenewal(
  current: ExistingSubscription,
  renewalId: string,
): (Renewal & { automatic: AutomaticCharge }) | null {
  const renewal = current.renewals?.[renewalId];
  if (!renewal?.automatic || renewal.paid || renewal.automatic.nextAttemptAt === null) return null;
  if (renewal.automatic.forExpiry !== current.expiresAt) return null;
  return renewal as Renewal & { automatic: AutomaticCharge };
}

/**
 * The shop orders the next period of a subscription that renews itself, once it is due: the same
 * duration as the order, at the plan's price now, to charge to the kept method. Not due, renewal
 * off, not active, or one ordered already for this expiry (paid, being tried, or out of tries):
 * nothing.
 */
export function decideAutomaticRenewalOrder(
  command: OrderAutomaticRenewal,
  current: ExistingSubscription,
): SubscriptionEvent[] {
  const { data } = command;
  const method = current.savedMethod;
  if (!current.autoRenew || !method || current.status !== 'active' || current.expiresAt === null) return [];
  if (current.expiresAt !== data.forExpiry || current.renewals?.[data.renewalId] || automaticRenewalFor(current)) {
    return [];
  }
  const due = renewalDueAt(
    { expiresAt: current.expiresAt, periodStartedAt: current.periodStartedAt ?? null },
    data.leadHours,
  );
  if (data.now.getTime() < due.getTime()) return [];
  const price = priceOnSale(data.plan, current.months, null);
  const billing = latestBilling(current);
  return [
    renewalOrdered({
      subscriptionId: data.subscriptionId,
      renewalId: data.renewalId,
      price,
      promoCode: null,
      provider: method.provider,
      at: data.now,
      automatic: { forExpiry: current.expiresAt, retryHours: data.retryHours },
      billing: billing ?? undefined,
    }),
  ];
}

/**
 * A charge of the kept method was declined: tried again `retryHours` after the first decline,
 * each in turn; after the last, no try is left and the subscription ends at its expiry. The same
 * decline reported again (the charge's answer, then the provider's notification) adds nothing.
 */
export function decideRenewalDecline(
  current: ExistingSubscription,
  decline: { renewalId: string; provider: string; sessionId: string; reason: string; now: Date },
): SubscriptionEvent[] {
  const renewal = chargeableRenewal(current, decline.renewalId);
  if (!renewal || renewal.automatic.declined[decline.sessionId]) return [];
  const { automatic } = renewal;
  const attempt = Object.keys(automatic.declined).length + 1;
  const firstDeclinedAt = automatic.firstDeclinedAt ? Date.parse(automatic.firstDeclinedAt) : decline.now.getTime();
  const retryInHours = automatic.retryHours[attempt - 1];
  return [
    {
      type: 'RenewalChargeFailed',
      data: {
        subscriptionId: current.subscriptionId,
        renewalId: decline.renewalId,
        provider: decline.provider,
        sessionId: decline.sessionId,
        attempt,
        amountCents: renewal.totalCents,
        currency: renewal.currency,
        reason: decline.reason,
        nextAttemptAt:
          retryInHours === undefined ? null : new Date(firstDeclinedAt + retryInHours * HOUR_MS).toISOString(),
        failedAt: decline.now.toISOString(),
      },
    },
  ];
}

/**
 * The provider answered a charge of the kept method: the charge is recorded as the renewal's
 * checkout (so later news of it, a refund or a dispute, finds the renewal), then paid as any
 * renewal is, or declined. A charge recorded already is only decided on again (the same answer adds nothing).
 */
export function decideRenewalCharge(command: RecordRenewalCharge, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  const renewal = current.renewals?.[data.renewalId];
  if (!renewal?.automatic) {
    throw new DomainError({
      code: 'renewal.not_automatic',
      message: `Renewal ${data.renewalId} is not an automatic renewal of this subscription`,
      details: { subscriptionId: data.subscriptionId, renewalId: data.renewalId },
    });
  }
  const known = current.renewalSessions?.[data.sessionId] === data.renewalId;
  const opened: SubscriptionEvent[] = known ? [] : [paymentSessionOpened(data, current.userId)];
  const { outcome } = data;
  switch (outcome.kind) {
    case 'pending':
      return opened;
    case 'declined':
      return [...opened, ...decideRenewalDecline(current, { ...data, reason: outcome.reason })];
    case 'paid':
      return [
        ...opened,
        ...decideRenewalPayment(
          current,
          data.renewalId,
          {
            subscriptionId: data.subscriptionId,
            provider: data.provider,
            paymentReference: outcome.paymentReference,
            amountCents: outcome.amountCents,
            currency: outcome.currency.toUpperCase(),
          },
          { paidAt: outcome.paidAt, now: data.now },
        ),
      ];
  }
}

/** The customer turns automatic renewal back on: only with a method kept, on a running subscription. */
export function decideAutoRenewalResume(
  command: ResumeAutoRenewal,
  current: ExistingSubscription,
): SubscriptionEvent[] {
  const { data } = command;
  requireOwner(current, data.userId);
  // A subscription that ended (refunded, expired, stopped) is refused even if it was renewing itself.
  if (current.status !== 'active') {
    throw new DomainError({
      code: 'subscription.not_active',
      message: `A ${current.status} subscription cannot renew itself`,
      details: { subscriptionId: data.subscriptionId, status: current.status },
    });
  }
  if (current.autoRenew) return [];
  const method = current.savedMethod;
  if (!method) {
    throw new DomainError({
      code: 'subscription.no_saved_method',
      message: 'No payment method is kept for this subscription: renew it by hand',
      details: { subscriptionId: data.subscriptionId },
    });
  }
  return [autoRenewalEnabled(data.subscriptionId, method.provider, method, data.now)];
}
