import { addMonthsUtc } from '../shared/dates.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { InitiateRefund, RecordDispute, SettleRefund } from './commands.js';
import type { RefundData, SubscriptionEvent } from './events.js';
import type { ExistingSubscription } from './guards.js';
import { decideRenewalRefund, renewalPaidBy, renewalsKept } from './lifecycle-decisions.js';
import { latestPayment } from './subscription-state.js';

/** Money a provider says went back on a payment: `amountCents` is that payment's refunded total so far. */
export interface RefundReport {
  subscriptionId: string;
  provider: string;
  paymentReference: string;
  amountCents: number;
  currency: string;
}

/**
 * What a refund report changes. Only what is new counts (a report read twice, or a webhook after
 * the shop's own refund, adds nothing). Part of a payment: recorded, the subscription stays. All of
 * an extra payment: recorded, the subscription stays. All of a renewal's: its months come off. All
 * of the order's: its months come off while a renewal paid after it is kept, and it ends otherwise. A refund that overtakes its payment's own notice is a fact too: the
 * order ends cancelled and the late payment is ignored.
 */
export function decideMoneyBack(
  current: ExistingSubscription,
  report: RefundReport,
  now: Date,
  refundId?: string,
): SubscriptionEvent[] {
  const refund: RefundData = { ...report, currency: report.currency.toUpperCase(), refundedAt: now.toISOString() };
  const payment = current.payments?.[report.paymentReference];
  if (payment) {
    if (report.amountCents <= payment.refundedCents) return [];
    if (report.amountCents < payment.amountCents) {
      return [
        {
          type: 'PartialRefundRecorded',
          data: {
            ...refund,
            amountCents: report.amountCents - payment.refundedCents,
            kind: payment.kind,
            refundedTotalCents: report.amountCents,
            ...(refundId ? { refundId } : {}),
          },
        },
      ];
    }
  }
  const extra = current.extraPayments?.[report.paymentReference];
  if (extra) return extra.refunded ? [] : [{ type: 'ExtraPaymentRefunded', data: refund }];
  const renewalId = renewalPaidBy(current, report.paymentReference);
  if (renewalId) return decideRenewalRefund(current, renewalId, refund);
  if (current.refunded) return [];
  const before = payment?.refundedCents ?? 0;
  const data = { ...refund, ...(before > 0 ? { refundedBeforeCents: before } : {}) };
  if (payment?.kind === 'order' && current.expiresAt && renewalsKept(current)) {
    const expiresAt = addMonthsUtc(current.expiresAt, -current.months).toISOString();
    return [{ type: 'OrderRefunded', data: { ...data, months: current.months, expiresAt } }];
  }
  return [{ type: 'PaymentRefunded', data }];
}

/** What may still be given back of a payment: its amount less what went back and what is on its way. */
export function refundableCents(current: ExistingSubscription, paymentReference: string): number {
  const payment = current.payments?.[paymentReference];
  if (!payment) return 0;
  return payment.amountCents - payment.refundedCents - pendingCents(current, paymentReference);
}

/** The operator's refunds of a payment still waiting for the provider's answer, by id. */
const pendingRefunds = (current: ExistingSubscription, paymentReference: string) =>
  Object.entries(current.operatorRefunds ?? {}).filter(
    ([, refund]) => refund.status === 'pending' && refund.paymentReference === paymentReference,
  );

function pendingCents(current: ExistingSubscription, paymentReference: string): number {
  return pendingRefunds(current, paymentReference).reduce((sum, [, refund]) => sum + refund.amountCents, 0);
}

/**
 * The operator gives back `amountCents` of a payment (the latest when none is named), never more
 * than is left of it, and one refund of a payment at a time; the same refund id again (a retry)
 * adds nothing.
 */
export function decideRefundInitiation(command: InitiateRefund, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  if (current.operatorRefunds?.[data.refundId]) return [];
  const reference = data.paymentReference ?? latestPayment(current)?.reference ?? null;
  const payment = reference ? current.payments?.[reference] : undefined;
  const details = { subscriptionId: data.subscriptionId, paymentReference: reference };
  if (!reference || !payment) {
    if (data.paymentReference) {
      throw new NotFoundError({
        code: 'refund.unknown_payment',
        message: 'No such payment of this subscription',
        details,
      });
    }
    throw new DomainError({ code: 'refund.nothing_to_refund', message: 'This subscription has no payment', details });
  }
  if (!Number.isInteger(data.amountCents) || data.amountCents <= 0) {
    throw new DomainError({
      code: 'refund.invalid_amount',
      message: 'A refund is a whole number of cents above zero',
      details: { ...details, amountCents: data.amountCents },
    });
  }
  // One at a time: a settlement records the payment's total as it stood when its refund was asked,
  // so two on their way at once, settled out of order, would each be told with the other's money.
  const [onItsWay] = pendingRefunds(current, reference);
  if (onItsWay) {
    throw new DomainError({
      code: 'refund.in_progress',
      message: 'A refund of this payment is on its way: ask for another once the provider has answered it',
      details: { ...details, refundId: onItsWay[0] },
    });
  }
  const left = refundableCents(current, reference);
  if (left <= 0) {
    throw new DomainError({ code: 'refund.nothing_to_refund', message: 'This payment is refunded already', details });
  }
  if (data.amountCents > left) {
    throw new DomainError({
      code: 'refund.exceeds_payment',
      message: `At most ${left} cents of this payment can still be refunded`,
      details: { ...details, amountCents: data.amountCents, refundableCents: left },
    });
  }
  return [
    {
      type: 'RefundInitiated',
      data: {
        subscriptionId: data.subscriptionId,
        refundId: data.refundId,
        paymentReference: reference,
        provider: payment.provider,
        amountCents: data.amountCents,
        currency: payment.currency,
        reason: data.reason,
        refundedBeforeCents: payment.refundedCents + pendingCents(current, reference),
        initiatedAt: data.now.toISOString(),
      },
    },
  ];
}

/**
 * The provider's answer to the operator's refund: refused, or made, and then the money it gave
 * back is recorded as any refund report is (the payment's total being what it had before and this).
 */
export function decideRefundSettlement(command: SettleRefund, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  const refund = current.operatorRefunds?.[data.refundId];
  if (!refund) {
    throw new NotFoundError({
      code: 'refund.not_found',
      message: `No refund ${data.refundId} was asked for this subscription`,
      details: { subscriptionId: data.subscriptionId, refundId: data.refundId },
    });
  }
  if (refund.status !== 'pending') return [];
  const at = data.now.toISOString();
  if ('failure' in data.outcome) {
    return [
      {
        type: 'RefundFailed',
        data: {
          subscriptionId: data.subscriptionId,
          refundId: data.refundId,
          reason: data.outcome.failure,
          failedAt: at,
        },
      },
    ];
  }
  const payment = current.payments?.[refund.paymentReference];
  const report: RefundReport = {
    subscriptionId: data.subscriptionId,
    provider: payment?.provider ?? '',
    paymentReference: refund.paymentReference,
    amountCents: refund.refundedBeforeCents + refund.amountCents,
    currency: refund.currency,
  };
  return [
    ...decideMoneyBack(current, report, data.now, data.refundId),
    {
      type: 'RefundSettled',
      data: {
        subscriptionId: data.subscriptionId,
        refundId: data.refundId,
        providerRefundId: data.outcome.providerRefundId,
        settledAt: at,
      },
    },
  ];
}

/**
 * A chargeback: recorded once per dispute, and a running subscription is suspended until the
 * operator settles it (the bank took the money back, or will unless the shop answers).
 */
export function decideDispute(command: RecordDispute, current: ExistingSubscription): SubscriptionEvent[] {
  const { data } = command;
  if (current.disputes?.[data.disputeId]) return [];
  const at = data.now.toISOString();
  const disputed: SubscriptionEvent = {
    type: 'PaymentDisputed',
    data: {
      subscriptionId: data.subscriptionId,
      provider: data.provider,
      paymentReference: data.paymentReference,
      disputeId: data.disputeId,
      amountCents: data.amountCents,
      currency: data.currency.toUpperCase(),
      reason: data.reason,
      disputedAt: at,
    },
  };
  if (current.status !== 'active') return [disputed];
  return [
    disputed,
    {
      type: 'SubscriptionStatusChanged',
      data: {
        subscriptionId: data.subscriptionId,
        from: 'active',
        to: 'suspended',
        reason: 'payment_disputed',
        changedAt: at,
      },
    },
  ];
}
