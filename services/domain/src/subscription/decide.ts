import { assertNever, type Decider } from '../shared/decider.js';
import { addMonthsUtc } from '../shared/dates.js';
import { DomainError } from '../shared/domain-error.js';
import type { ConfirmPayment, GrantSubscription, PlaceOrder, RefundPayment, SubscriptionCommand } from './commands.js';
import {
  autoRenewalEnabled,
  orderPlaced,
  paymentSessionOpened,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from './events.js';
import { checkoutPricedNow, requireExisting, requireNew, type ExistingSubscription } from './guards.js';
import { evolve, initialState, type SubscriptionState } from './subscription-state.js';
import {
  decideEndForErasure,
  decideGrant,
  decideReactivation,
  decideStatusChange,
  decideVoid,
} from './operator-decisions.js';
import { decideDispute, decideMoneyBack, decideRefundInitiation, decideRefundSettlement } from './refund-decisions.js';
import {
  decideAutomaticRenewalOrder,
  decideAutoRenewalResume,
  decideRenewalCharge,
  decideRenewalDecline,
} from './auto-renewal-decisions.js';
import {
  decideAbandonment,
  decideRenewalAbandonment,
  decideCancellation,
  decideRefundRequest,
  decideRenewalOrder,
  decideRenewalPayment,
  knownPayment,
  requireOpenRenewal,
} from './lifecycle-decisions.js';

export { ALLOWED_STATUS_CHANGES } from './operator-decisions.js';

/** Refuses a command that only a `pending` (or only an `active`) subscription accepts. */
function requireStatus(
  current: ExistingSubscription,
  subscriptionId: string,
  expected: 'pending' | 'active',
  message: (status: SubscriptionStatus) => string,
): void {
  if (current.status !== expected) {
    throw new DomainError({
      code: `subscription.not_${expected}`,
      message: message(current.status),
      details: { subscriptionId, status: current.status },
    });
  }
}

/** A payment as its provider reports it, paid or refunded, the way the log records it: the currency in upper case. */
function reportedPayment(data: ConfirmPayment['data'] | RefundPayment['data']) {
  return {
    subscriptionId: data.subscriptionId,
    provider: data.provider,
    paymentReference: data.paymentReference,
    amountCents: data.amountCents,
    currency: data.currency.toUpperCase(),
  };
}

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  // A voided subscription is out of every list: nothing changes it any more (an erasure finds nothing live in it).
  if (
    state.status !== 'none' &&
    state.voided &&
    command.type !== 'VoidSubscription' &&
    command.type !== 'EndForErasedCustomer'
  ) {
    throw new DomainError({
      code: 'subscription.voided',
      message: 'This subscription was voided',
      details: { subscriptionId: state.subscriptionId },
    });
  }
  switch (command.type) {
    case 'PlaceOrder': {
      const { data } = command;
      requireNew(state, data.subscriptionId);
      return [
        orderPlaced({
          subscriptionId: data.subscriptionId,
          userId: data.userId,
          plan: data.plan,
          ...checkoutPricedNow(data),
        }),
      ];
    }

    case 'GrantSubscription':
      return decideGrant(command, state);

    default:
      return decideOnExisting(command, requireExisting(state, command.data.subscriptionId));
  }
}

/** The commands on a subscription that must exist already, decided on its state. */
function decideOnExisting(
  command: Exclude<SubscriptionCommand, PlaceOrder | GrantSubscription>,
  current: ExistingSubscription,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'ConfirmPayment': {
      const { data } = command;
      // A renewal's checkout pays that renewal, not the order.
      const renewalId = data.sessionId ? current.renewalSessions?.[data.sessionId] : undefined;
      if (renewalId) return decideRenewalPayment(current, renewalId, reportedPayment(data), data, data.savedMethod);
      // Nothing after the payment was refunded. A provider retries, the success page verifies too:
      // the same payment again changes nothing (every path names a payment by the same reference).
      if (current.refunded) return [];
      if (current.paymentReference !== null) {
        if (knownPayment(current, data.paymentReference)) return [];
        // Another payment of an order already paid: the customer was charged twice.
        return [
          {
            type: 'ExtraPaymentRecorded',
            data: {
              ...reportedPayment(data),
              firstPaymentReference: current.paymentReference,
              recordedAt: data.now.toISOString(),
            },
          },
        ];
      }
      // An order given up as abandoned is still paid by a payment that comes after all.
      if (!current.abandoned)
        requireStatus(current, data.subscriptionId, 'pending', (status) => `A ${status} subscription cannot be paid`);
      if (data.amountCents !== current.totalCents || data.currency.toUpperCase() !== current.currency) {
        return [
          {
            type: 'PaymentMismatchRecorded',
            data: {
              ...reportedPayment(data),
              expectedAmountCents: current.totalCents,
              expectedCurrency: current.currency,
              recordedAt: data.now.toISOString(),
            },
          },
        ];
      }
      const confirmed: SubscriptionEvent = {
        type: 'PaymentConfirmed',
        data: {
          subscriptionId: data.subscriptionId,
          provider: data.provider,
          paymentReference: data.paymentReference,
          amountCents: data.amountCents,
          currency: current.currency,
          paidAt: data.paidAt.toISOString(),
          expiresAt: addMonthsUtc(data.paidAt, current.months).toISOString(),
          // Abandoned, its promo code's use was given back: paid at that discount, it takes it again.
          ...(current.abandoned && current.promoCode ? { retakesPromoCode: current.promoCode } : {}),
        },
      };
      // A checkout that asked to keep the payment method, paid with one kept: it renews itself.
      return current.autoRenewRequested && data.savedMethod
        ? [confirmed, autoRenewalEnabled(data.subscriptionId, data.provider, data.savedMethod, data.now)]
        : [confirmed];
    }

    case 'OpenPaymentSession': {
      const { data } = command;
      // The same checkout recorded again (a retried request) adds nothing.
      if (data.renewalId && current.renewalSessions?.[data.sessionId] === data.renewalId) return [];
      // A checkout pays a renewal ordered and not paid, or else the order while it is pending.
      if (data.renewalId) requireOpenRenewal(current, data.renewalId);
      else
        requireStatus(
          current,
          data.subscriptionId,
          'pending',
          (status) => `A ${status} subscription has nothing left to pay`,
        );
      return [paymentSessionOpened(data, current.userId)];
    }

    case 'RecordPaymentFailure': {
      const { data } = command;
      // A declined charge of the kept method, reported by the provider: the automatic renewal's tries go on.
      const renewalId = data.sessionId ? current.renewalSessions?.[data.sessionId] : undefined;
      if (renewalId && data.sessionId) {
        return decideRenewalDecline(current, {
          renewalId,
          provider: data.provider,
          sessionId: data.sessionId,
          reason: data.detail ?? data.reason,
          now: data.now,
        });
      }
      // A late "expired" for a session that was paid after all, or a repeat: nothing to record.
      if (current.status !== 'pending') return [];
      return [
        {
          type: 'PaymentAttemptFailed',
          data: {
            subscriptionId: data.subscriptionId,
            provider: data.provider,
            sessionId: data.sessionId,
            reason: data.reason,
            at: data.now.toISOString(),
          },
        },
      ];
    }

    case 'RefundPayment':
      return decideMoneyBack(current, reportedPayment(command.data), command.data.now);

    case 'AssignCredentials': {
      const { data } = command;
      requireStatus(
        current,
        data.subscriptionId,
        'active',
        (status) => `Credentials can only be assigned to an active subscription (this one is ${status})`,
      );
      if (data.credentialsPlanId !== current.planId) {
        throw new DomainError({
          code: 'credentials.plan_mismatch',
          message: `Credentials for ${data.credentialsPlanId} cannot serve a ${current.planId} subscription`,
          details: {
            subscriptionId: data.subscriptionId,
            planId: current.planId,
            credentialsPlanId: data.credentialsPlanId,
          },
        });
      }
      if (current.credentialsId === data.credentialsId) return [];
      return [
        {
          type: 'CredentialsAssigned',
          data: {
            subscriptionId: data.subscriptionId,
            credentialsId: data.credentialsId,
            ...(data.credentialsVersion !== undefined ? { credentialsVersion: data.credentialsVersion } : {}),
            assignedAt: data.now.toISOString(),
          },
        },
      ];
    }

    case 'ChangeSubscriptionStatus':
      return decideStatusChange(command, current);

    case 'ExpireSubscription': {
      const { data } = command;
      // Timers may fire early, twice, or after an operator already closed the subscription.
      if (current.status !== 'active' && current.status !== 'suspended') return [];
      if (current.expiresAt === null || new Date(current.expiresAt).getTime() > data.now.getTime()) {
        return [];
      }
      return [
        {
          type: 'SubscriptionExpired',
          data: {
            subscriptionId: data.subscriptionId,
            expiresAt: current.expiresAt,
            expiredAt: data.now.toISOString(),
          },
        },
      ];
    }

    case 'AbandonOrder':
      return decideAbandonment(command, current);

    case 'AbandonRenewal':
      return decideRenewalAbandonment(command, current);

    case 'VoidSubscription':
      return decideVoid(command, current);

    case 'ReactivateSubscription':
      return decideReactivation(command, current);

    case 'EndForErasedCustomer':
      return decideEndForErasure(command, current);

    case 'OrderRenewal':
      return decideRenewalOrder(command, current);

    case 'CancelSubscription':
      return decideCancellation(command, current);

    case 'RequestRefund':
      return decideRefundRequest(command, current);

    case 'InitiateRefund':
      return decideRefundInitiation(command, current);

    case 'SettleRefund':
      return decideRefundSettlement(command, current);

    case 'RecordDispute':
      return decideDispute(command, current);

    case 'OrderAutomaticRenewal':
      return decideAutomaticRenewalOrder(command, current);

    case 'RecordRenewalCharge':
      return decideRenewalCharge(command, current);

    case 'ResumeAutoRenewal':
      return decideAutoRenewalResume(command, current);

    default:
      return assertNever(command);
  }
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState,
  evolve,
  decide,
};
