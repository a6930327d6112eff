import { addMonthsUtc } from '../shared/dates.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { AbandonOrder, AbandonRenewal, CancelSubscription, OrderRenewal, RequestRefund } from './commands.js';
import {
  autoRenewalEnabled,
  renewalOrdered,
  type RefundData,
  type SavedMethod,
  type SubscriptionEvent,
} from './events.js';
import { checkoutPricedNow, type ExistingSubscription } from './guards.js';

/** How long after a payment the customer may ask for their money back (the seeds' guarantee). */
export const REFUND_WINDOW_DAYS = 7;

/** Until when a refund of the payment made at `paidAt` may be asked for. */
export const refundWindowClosesAt = (paidAt: string): Date =>
  new Date(Date.parse(paidAt) + REFUND_WINDOW_DAYS * 24 * 3_600_000);

/** The statuses a subscription can be renewed from: running, or run out. */
const RENEWABLE = new Set(['active', 'expired']);

/** A customer's command on someone else's subscription is refused as if it did not exist. */
export function requireOwner(current: ExistingSubscription, userId: string): void {
  if (current.userId !== userId) {
    throw new NotFoundError({
      code: 'subscription.not_found',
      message: `Subscription ${current.subscriptionId} does not exist`,
      details: { subscriptionId: current.subscriptionId },
    });
  }
}

function requireRenewable(current: ExistingSubscription): void {
  if (!RENEWABLE.has(current.status)) {
    throw new DomainError({
      code: 'subscription.not_renewable',
      message: `A ${current.status} subscription cannot be renewed`,
      details: { subscriptionId: current.subscriptionId, status: current.status },
    });
  }
}

/** The customer orders more months of their subscription, priced now; a retry of the same renewal adds nothing. */
export function decideRenewalOrder(command: OrderRenewal, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  requireOwner(current, data.userId);
  if (current.renewals?.[data.renewalId]) return [];
  requireRenewable(current);
  return [
    renewalOrdered({ subscriptionId: data.subscriptionId, renewalId: data.renewalId, ...checkoutPricedNow(data) }),
  ];
}

/** Refuses a checkout for a renewal unless it was ordered, is not paid yet, and the subscription can still be renewed. */
export function requireOpenRenewal(current: ExistingSubscription, renewalId: string): void {
  const details = { subscriptionId: current.subscriptionId, renewalId };
  const renewal = current.renewals?.[renewalId];
  if (!renewal) {
    throw new NotFoundError({
      code: 'renewal.not_found',
      message: `No renewal ${renewalId} was ordered for this subscription`,
      details,
    });
  }
  if (renewal.paid) {
    throw new DomainError({ code: 'renewal.already_paid', message: 'This renewal is paid already', details });
  }
  if (renewal.abandoned) {
    throw new DomainError({
      code: 'renewal.abandoned',
      message: 'This renewal waited too long for its payment and was given up: order a new one',
      details,
    });
  }
  requireRenewable(current);
}

/** Whether `reference` is a payment this subscription already recorded, in any role (order, renewal, extra). */
export const knownPayment = (current: ExistingSubscription, reference: string): boolean =>
  current.payments?.[reference] !== undefined;

/** A payment a provider reports for a subscription, as the log records it (the currency in upper case). */
export interface ReportedPayment {
  subscriptionId: string;
  provider: string;
  paymentReference: string;
  amountCents: number;
  currency: string;
}

/**
 * A renewal's checkout was paid: the expiry moves by the renewal's months from the expiry it has
 * (from the payment time when it has already passed). Money for a renewal paid already, or for a
 * subscription that ended meanwhile (cancelled, refunded, suspended), is recorded for a refund.
 * A checkout that asked to keep its payment method, once paid with one kept, turns automatic
 * renewal on.
 */
export function decideRenewalPayment(
  current: ExistingSubscription,
  renewalId: string,
  reported: ReportedPayment,
  times: { paidAt: Date; now: Date },
  savedMethod?: SavedMethod | null,
): SubscriptionEvent[] {
  if (knownPayment(current, reported.paymentReference)) return [];
  const renewal = current.renewals?.[renewalId];
  const at = times.now.toISOString();
  if (!renewal || renewal.paid || !RENEWABLE.has(current.status)) {
    return [
      {
        type: 'ExtraPaymentRecorded',
        data: {
          ...reported,
          firstPaymentReference: renewal?.paid?.paymentReference ?? current.paymentReference ?? '',
          recordedAt: at,
        },
      },
    ];
  }
  if (reported.amountCents !== renewal.totalCents || reported.currency !== renewal.currency) {
    return [
      {
        type: 'PaymentMismatchRecorded',
        data: {
          ...reported,
          expectedAmountCents: renewal.totalCents,
          expectedCurrency: renewal.currency,
          recordedAt: at,
        },
      },
    ];
  }
  const paidAt = times.paidAt.getTime();
  const running = current.expiresAt !== null && new Date(current.expiresAt).getTime() > paidAt;
  const from = running ? new Date(current.expiresAt as string) : times.paidAt;
  const renewed: SubscriptionEvent = {
    type: 'SubscriptionRenewed',
    data: {
      subscriptionId: reported.subscriptionId,
      renewalId,
      months: renewal.months,
      from: from.toISOString(),
      to: addMonthsUtc(from, renewal.months).toISOString(),
      amountCents: reported.amountCents,
      currency: renewal.currency,
      provider: reported.provider,
      paymentReference: reported.paymentReference,
      paidAt: times.paidAt.toISOString(),
      ...(renewal.abandoned && renewal.promoCode ? { retakesPromoCode: renewal.promoCode } : {}),
    },
  };
  return renewal.autoRenew && savedMethod
    ? [renewed, autoRenewalEnabled(reported.subscriptionId, reported.provider, savedMethod, times.now)]
    : [renewed];
}

/**
 * A renewal was paid and its money kept (`except` left out): the subscription has months of its
 * own beside the order's.
 */
export const renewalsKept = (current: ExistingSubscription, except?: string): boolean =>
  Object.entries(current.renewals ?? {}).some(
    ([id, renewal]) => id !== except && renewal.paid && !renewal.paid.refunded,
  );

/** The renewal a payment paid, if it paid one. */
export function renewalPaidBy(current: ExistingSubscription, reference: string): string | undefined {
  return Object.entries(current.renewals ?? {}).find(
    ([, renewal]) => renewal.paid?.paymentReference === reference,
  )?.[0];
}

/**
 * A renewal's payment went back: its months are taken off. When it is the latest renewal the
 * expiry returns to where it started; an earlier one's months come off the end. When it was the
 * last money kept (the order's and every other renewal's went back), the subscription ends.
 */
export function decideRenewalRefund(
  current: ExistingSubscription,
  renewalId: string,
  refund: RefundData,
): SubscriptionEvent[] {
  const renewal = current.renewals?.[renewalId];
  if (!renewal?.paid || renewal.paid.refunded) return [];
  const expiresAt =
    renewal.paid.to === current.expiresAt
      ? renewal.paid.from
      : addMonthsUtc(current.expiresAt ?? renewal.paid.to, -renewal.months).toISOString();
  const before = current.payments?.[refund.paymentReference]?.refundedCents ?? 0;
  // Its order's money went back in full (a subscription granted for nothing keeps its months).
  const orderRefunded = Object.values(current.payments ?? {}).some(
    (payment) => payment.kind === 'order' && payment.amountCents > 0 && payment.refundedCents >= payment.amountCents,
  );
  return [
    {
      type: 'RenewalRefunded',
      data: {
        ...refund,
        ...(before > 0 ? { refundedBeforeCents: before } : {}),
        renewalId,
        expiresAt,
        ...(orderRefunded && !renewalsKept(current, renewalId) ? { ends: true as const } : {}),
      },
    },
  ];
}

/**
 * A checkout given up, an order's or a renewal's alike, once it waited `pendingHours` unpaid since
 * `since`: when, after how long, and the promo code whose use it gives back; null while it may
 * still be paid.
 */
function givenUp(since: string, data: AbandonOrder['data'], promoCode: string | undefined) {
  if (Date.parse(since) + data.pendingHours * 3600_000 > data.now.getTime()) return null;
  return { pendingHours: data.pendingHours, abandonedAt: data.now.toISOString(), ...(promoCode ? { promoCode } : {}) };
}

/** An order still unpaid `pendingHours` after it was placed is cancelled as abandoned; early or twice, nothing. */
export function decideAbandonment(command: AbandonOrder, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  if (current.status !== 'pending' || current.paymentReference !== null || current.placedAt === undefined) return [];
  const abandonment = givenUp(current.placedAt, data, current.promoCode);
  return abandonment ? [{ type: 'OrderAbandoned', data: { subscriptionId: data.subscriptionId, ...abandonment } }] : [];
}

/**
 * A renewal the customer ordered, still unpaid `pendingHours` after, is given up; early, twice, paid,
 * or automatic (its charge has retries of its own), nothing.
 */
export function decideRenewalAbandonment(command: AbandonRenewal, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  const renewal = current.renewals?.[data.renewalId];
  if (!renewal || renewal.paid || renewal.abandoned || renewal.automatic || renewal.orderedAt === undefined) return [];
  const abandonment = givenUp(renewal.orderedAt, data, renewal.promoCode);
  if (!abandonment) return [];
  return [
    {
      type: 'RenewalAbandoned',
      data: { subscriptionId: data.subscriptionId, renewalId: data.renewalId, ...abandonment },
    },
  ];
}

/** The customer cancels a running subscription: it stays active until its expiry and never renews. */
export function decideCancellation(command: CancelSubscription, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  requireOwner(current, data.userId);
  // Cancelled and then ended (refunded, expired): nothing is left to cancel, whatever was asked before.
  if (current.status !== 'active' || current.expiresAt === null) {
    throw new DomainError({
      code: 'subscription.not_active',
      message: `A ${current.status} subscription has nothing to cancel`,
      details: { subscriptionId: data.subscriptionId, status: current.status },
    });
  }
  if (current.cancelledAt) return [];
  return [
    {
      type: 'SubscriptionCancellationRecorded',
      data: {
        subscriptionId: data.subscriptionId,
        reason: data.reason,
        accessEndsAt: current.expiresAt,
        cancelledAt: data.now.toISOString(),
      },
    },
  ];
}

/** A payment (the order's or a renewal's) as the 7-day guarantee weighs it. */
export interface GuaranteedPayment {
  reference: string;
  paidAt: string;
  amountCents: number;
  refundedCents: number;
  /** The customer asked for its refund already. */
  requested: boolean;
}

/**
 * The payment a refund request is for: the most recent one still within its `REFUND_WINDOW_DAYS`,
 * with money left to give back and not asked for yet; null when there is none. Each payment has its
 * own 7 days (the refund policy's "after each payment"), so a renewal paid within the order's lets
 * the customer ask for both, latest first.
 */
export function paymentToClaim(payments: readonly GuaranteedPayment[], now: Date): GuaranteedPayment | null {
  const open = payments.filter(
    (payment) =>
      !payment.requested &&
      payment.amountCents > payment.refundedCents &&
      now.getTime() <= refundWindowClosesAt(payment.paidAt).getTime(),
  );
  return open.reduce<GuaranteedPayment | null>(
    (latest, p) => (!latest || p.paidAt >= latest.paidAt ? p : latest),
    null,
  );
}

/** The order's and the renewals' payments as the guarantee weighs them (an extra payment is the shop's to give back). */
export function guaranteedPayments(current: ExistingSubscription): GuaranteedPayment[] {
  if (current.refunded) return [];
  return Object.entries(current.payments ?? {})
    .filter(([, payment]) => payment.kind !== 'extra')
    .map(([reference, payment]) => ({
      reference,
      paidAt: payment.paidAt,
      amountCents: payment.amountCents,
      refundedCents: payment.refundedCents,
      requested: current.refundRequested?.[reference] === true,
    }));
}

/**
 * The 7-day guarantee: the customer asks for the refund of a payment within `REFUND_WINDOW_DAYS` of
 * it (`paymentToClaim`). Asking again once every such payment is asked for adds nothing; the
 * operator decides.
 */
export function decideRefundRequest(command: RequestRefund, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  requireOwner(current, data.userId);
  const payments = guaranteedPayments(current);
  const withMoney = payments.filter((p) => p.amountCents > p.refundedCents);
  if (withMoney.length === 0) {
    throw new DomainError({
      code: 'refund.nothing_to_refund',
      message: 'This subscription has no payment to refund',
      details: { subscriptionId: data.subscriptionId },
    });
  }
  const payment = paymentToClaim(payments, data.now);
  if (!payment) {
    const stillOpen = withMoney.some((p) => data.now.getTime() <= refundWindowClosesAt(p.paidAt).getTime());
    if (stillOpen) return [];
    const latest = withMoney.reduce((a, b) => (b.paidAt >= a.paidAt ? b : a));
    throw new DomainError({
      code: 'refund.window_closed',
      message: `A refund can be asked for within ${REFUND_WINDOW_DAYS} days of the payment`,
      details: { subscriptionId: data.subscriptionId, paidAt: latest.paidAt, windowDays: REFUND_WINDOW_DAYS },
    });
  }
  const { currency } = current.payments![payment.reference]!;
  return [
    {
      type: 'RefundRequested',
      data: {
        subscriptionId: data.subscriptionId,
        paymentReference: payment.reference,
        amountCents: payment.amountCents,
        currency,
        reason: data.reason,
        requestedAt: data.now.toISOString(),
      },
    },
  ];
}
