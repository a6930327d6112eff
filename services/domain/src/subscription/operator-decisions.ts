import { FREE_OFFER_PROVIDER } from '../free-offer/events.js';
import { addMonthsUtc } from '../shared/dates.js';
import { DomainError } from '../shared/domain-error.js';
import { priceOrder } from '../shared/money.js';
import type {
  ChangeSubscriptionStatus,
  EndForErasedCustomer,
  GrantSubscription,
  ReactivateSubscription,
  VoidSubscription,
} from './commands.js';
import { OPERATOR_PROVIDER, orderPlaced, type SubscriptionEvent, type SubscriptionStatus } from './events.js';
import { requireNew, type ExistingSubscription } from './guards.js';
import { requireOwner } from './lifecycle-decisions.js';
import { refundableCents } from './refund-decisions.js';
import type { SubscriptionState } from './subscription-state.js';

/** The longest subscription an operator may grant at once: ten years. */
export const MAX_GRANTED_MONTHS = 120;

/**
 * An operator's grant is an order placed and paid at once, so everything that follows a paid
 * order (expiry, its e-mails and notices, credentials to assign, the figures) follows it too.
 * A free offer's claim is granted the same way, at 0 and with `free_offer` as the provider.
 */
export function decideGrant(command: GrantSubscription, state: SubscriptionState): SubscriptionEvent[] {
  const { data } = command;
  requireNew(state, data.subscriptionId);
  if (!Number.isInteger(data.months) || data.months < 1 || data.months > MAX_GRANTED_MONTHS) {
    throw new DomainError({
      code: 'subscription.invalid_months',
      message: `A granted subscription lasts from 1 to ${MAX_GRANTED_MONTHS} whole months`,
      details: { months: data.months },
    });
  }
  if (data.customPriceCents !== null && (!Number.isInteger(data.customPriceCents) || data.customPriceCents < 0)) {
    throw new DomainError({
      code: 'subscription.invalid_price',
      message: 'A custom price is a whole number of cents, zero or more',
      details: { customPriceCents: data.customPriceCents },
    });
  }
  const provider = data.grantedBy === 'free_offer' ? FREE_OFFER_PROVIDER : OPERATOR_PROVIDER;
  const catalogue = priceOrder({
    monthlyPriceCents: data.plan.monthlyPriceCents,
    months: data.months,
    currency: data.plan.currency,
  });
  const totalCents = data.customPriceCents ?? catalogue.totalCents;
  const at = data.now.toISOString();
  return [
    // A custom price replaces the catalogue's whole: no discount, the subtotal is what is charged.
    orderPlaced({
      subscriptionId: data.subscriptionId,
      userId: data.userId,
      plan: data.plan,
      price: { ...catalogue, subtotalCents: totalCents, totalCents },
      promoCode: null,
      provider,
      at: data.now,
    }),
    {
      type: 'PaymentConfirmed',
      data: {
        subscriptionId: data.subscriptionId,
        provider,
        paymentReference: `${provider}:${data.subscriptionId}`,
        amountCents: totalCents,
        currency: data.plan.currency,
        paidAt: at,
        expiresAt: addMonthsUtc(data.now, data.months).toISOString(),
      },
    },
  ];
}

/** What the shop still keeps of the subscription's payments: what a void would take out of the revenue. */
export function keptCents(current: ExistingSubscription): number {
  if (current.refunded) return 0;
  return Object.keys(current.payments ?? {}).reduce(
    (sum, reference) => sum + Math.max(0, refundableCents(current, reference)),
    0,
  );
}

/**
 * A void takes the subscription out of every figure, its revenue included: a subscription that
 * holds money the shop kept is refunded instead (the money goes back and the books say so), and
 * voided only when the operator insists (an order recorded twice that was paid outside the shop).
 */
export function decideVoid(command: VoidSubscription, current: ExistingSubscription): SubscriptionEvent[] {
  if (current.voided) return [];
  const kept = keptCents(current);
  if (kept > 0 && command.data.insist !== true) {
    throw new DomainError({
      code: 'subscription.void_paid',
      message: 'This subscription was paid: refund it, or insist to void it and take its payment out of the revenue',
      details: { subscriptionId: command.data.subscriptionId, keptCents: kept, currency: current.currency },
    });
  }
  return [
    {
      type: 'SubscriptionVoided',
      data: {
        subscriptionId: command.data.subscriptionId,
        statusBefore: current.status,
        reason: command.data.reason,
        voidedAt: command.data.now.toISOString(),
      },
    },
  ];
}

/**
 * An operator's cancellation is undone by another recorded action, never by deleting it: a
 * cancelled subscription paid and not yet at its expiry becomes active again, with the reason.
 * A refunded one gave its money back and stays cancelled.
 */
export function decideReactivation(
  command: ReactivateSubscription,
  current: ExistingSubscription,
): SubscriptionEvent[] {
  const { data } = command;
  const details = { subscriptionId: data.subscriptionId, status: current.status };
  if (current.status !== 'cancelled') {
    throw new DomainError({
      code: 'subscription.not_cancelled',
      message: `Only a cancelled subscription can be reactivated (this one is ${current.status})`,
      details,
    });
  }
  if (current.refunded) {
    throw new DomainError({
      code: 'subscription.refunded',
      message: 'This subscription was refunded: it cannot be reactivated',
      details,
    });
  }
  if (current.expiresAt === null) {
    throw new DomainError({
      code: 'subscription.not_paid',
      message: 'This order was never paid: there is nothing to reactivate',
      details,
    });
  }
  if (new Date(current.expiresAt).getTime() <= data.now.getTime()) {
    throw new DomainError({
      code: 'subscription.past_expiry',
      message: 'The subscription has passed its expiry date and cannot be reactivated',
      details: { ...details, expiresAt: current.expiresAt },
    });
  }
  return [
    {
      type: 'SubscriptionStatusChanged',
      data: {
        subscriptionId: data.subscriptionId,
        from: 'cancelled',
        to: 'active',
        reason: data.reason,
        changedAt: data.now.toISOString(),
      },
    },
  ];
}

/** The reason recorded on the subscriptions a customer's erasure ends. */
export const CUSTOMER_ERASED_REASON = 'customer erased';

/** The statuses in which a subscription is still live: it may still be paid for or served. */
const LIVE_STATUSES: readonly SubscriptionStatus[] = ['pending', 'active', 'suspended'];

/**
 * Erasing a customer ends what is still live of theirs (an order to pay, a subscription to serve,
 * one suspended): nobody is left to serve or to charge, and every figure stops counting it the
 * moment the person stops counting. The money kept stays in the revenue (it was earned); an
 * ended, expired or voided one stays as it is.
 */
export function decideEndForErasure(command: EndForErasedCustomer, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  requireOwner(current, data.userId);
  if (current.voided || !LIVE_STATUSES.includes(current.status)) return [];
  return [
    {
      type: 'SubscriptionStatusChanged',
      data: {
        subscriptionId: data.subscriptionId,
        from: current.status,
        to: 'cancelled',
        reason: CUSTOMER_ERASED_REASON,
        changedAt: data.now.toISOString(),
      },
    },
  ];
}

/**
 * Which status an operator (or a provider event) may move a subscription to.
 * Pending becomes active only through a confirmed payment; cancelled and expired are final.
 */
export const ALLOWED_STATUS_CHANGES: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  pending: ['cancelled'],
  active: ['suspended', 'cancelled', 'expired'],
  suspended: ['active', 'cancelled', 'expired'],
  cancelled: [],
  expired: [],
};

/** An operator's (or a provider's) move to another status, within `ALLOWED_STATUS_CHANGES`. */
export function decideStatusChange(
  command: ChangeSubscriptionStatus,
  current: ExistingSubscription,
): SubscriptionEvent[] {
  const { data } = command;
  if (current.status === data.to) return [];
  if (!ALLOWED_STATUS_CHANGES[current.status].includes(data.to)) {
    throw new DomainError({
      code: 'subscription.invalid_transition',
      message: `A ${current.status} subscription cannot become ${data.to}`,
      details: {
        subscriptionId: data.subscriptionId,
        from: current.status,
        to: data.to,
        allowed: [...ALLOWED_STATUS_CHANGES[current.status]],
      },
    });
  }
  if (
    data.to === 'active' &&
    current.expiresAt !== null &&
    new Date(current.expiresAt).getTime() <= data.now.getTime()
  ) {
    throw new DomainError({
      code: 'subscription.past_expiry',
      message: 'The subscription has passed its expiry date and cannot be reactivated',
      details: { subscriptionId: data.subscriptionId, expiresAt: current.expiresAt },
    });
  }
  return [
    {
      type: 'SubscriptionStatusChanged',
      data: {
        subscriptionId: data.subscriptionId,
        from: current.status,
        to: data.to,
        reason: data.reason,
        changedAt: data.now.toISOString(),
      },
    },
  ];
}
