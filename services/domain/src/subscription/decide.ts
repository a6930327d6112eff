import { assertNever, type Decider } from '../shared/decider.js';
import { addMonthsUtc } from '../shared/dates.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import { isSupportedDuration, priceOrder, SUPPORTED_DURATIONS_MONTHS } from '../shared/money.js';
import type { SubscriptionCommand } from './commands.js';
import { orderPlaced, type SubscriptionEvent } from './events.js';
import { evolve, initialState, type SubscriptionState } from './subscription-state.js';
import { decideGrant, decideStatusChange, decideVoid } from './operator-decisions.js';

export { ALLOWED_STATUS_CHANGES } from './operator-decisions.js';

type ExistingSubscription = Exclude<SubscriptionState, { status: 'none' }>;

function requireExisting(state: SubscriptionState, subscriptionId: string): ExistingSubscription {
  if (state.status === 'none') {
    throw new NotFoundError({
      code: 'subscription.not_found',
      message: `Subscription ${subscriptionId} does not exist`,
      details: { subscriptionId },
    });
  }
  return state;
}

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  // A voided subscription is out of every list: nothing changes it any more.
  if (state.status !== 'none' && state.voided && command.type !== 'VoidSubscription') {
    throw new DomainError({
      code: 'subscription.voided',
      message: 'This subscription was voided',
      details: { subscriptionId: state.subscriptionId },
    });
  }
  switch (command.type) {
    case 'PlaceOrder': {
      const { data } = command;
      if (state.status !== 'none') {
        throw new DomainError({
          code: 'subscription.already_exists',
          message: `Subscription ${data.subscriptionId} already exists`,
          details: { subscriptionId: data.subscriptionId },
        });
      }
      if (!isSupportedDuration(data.months)) {
        throw new DomainError({
          code: 'order.invalid_duration',
          message: `Duration must be one of ${SUPPORTED_DURATIONS_MONTHS.join(', ')} months`,
          details: { months: data.months, allowed: [...SUPPORTED_DURATIONS_MONTHS] },
        });
      }
      const price = priceOrder({
        monthlyPriceCents: data.plan.monthlyPriceCents,
        months: data.months,
        currency: data.plan.currency,
        discountPercent: data.promotion?.percentOff ?? 0,
      });
      return [
        orderPlaced({
          subscriptionId: data.subscriptionId,
          userId: data.userId,
          plan: data.plan,
          price,
          promoCode: data.promotion?.code ?? null,
          provider: data.provider,
          at: data.now,
        }),
      ];
    }

    case 'ConfirmPayment': {
      const { data } = command;
      const current = requireExisting(state, data.subscriptionId);
      // Nothing after the payment was refunded. A provider retries, the success page verifies too:
      // the same payment again changes nothing (every path names a payment by the same reference).
      if (current.refunded) return [];
      if (current.paymentReference !== null) {
        if (data.paymentReference === current.paymentReference || current.extraPayments?.[data.paymentReference]) {
          return [];
        }
        // Another payment of an order already paid: the customer was charged twice.
        return [
          {
            type: 'ExtraPaymentRecorded',
            data: {
              subscriptionId: data.subscriptionId,
              provider: data.provider,
              paymentReference: data.paymentReference,
              amountCents: data.amountCents,
              currency: data.currency.toUpperCase(),
              firstPaymentReference: current.paymentReference,
              recordedAt: data.now.toISOString(),
            },
          },
        ];
      }
      if (current.status !== 'pending') {
        throw new DomainError({
          code: 'subscription.not_pending',
          message: `A ${current.status} subscription cannot be paid`,
          details: { subscriptionId: data.subscriptionId, status: current.status },
        });
      }
      if (data.amountCents !== current.totalCents || data.currency.toUpperCase() !== current.currency) {
        return [
          {
            type: 'PaymentMismatchRecorded',
            data: {
              subscriptionId: data.subscriptionId,
              provider: data.provider,
              paymentReference: data.paymentReference,
              amountCents: data.amountCents,
              currency: data.currency.toUpperCase(),
              expectedAmountCents: current.totalCents,
              expectedCurrency: current.currency,
              recordedAt: data.now.toISOString(),
            },
          },
        ];
      }
      return [
        {
          type: 'PaymentConfirmed',
          data: {
            subscriptionId: data.subscriptionId,
            provider: data.provider,
            paymentReference: data.paymentReference,
            amountCents: data.amountCents,
            currency: current.currency,
            paidAt: data.paidAt.toISOString(),
            expiresAt: addMonthsUtc(data.paidAt, current.months).toISOString(),
          },
        },
      ];
    }

    case 'OpenPaymentSession': {
      const { data } = command;
      const current = requireExisting(state, data.subscriptionId);
      if (current.status !== 'pending') {
        throw new DomainError({
          code: 'subscription.not_pending',
          message: `A ${current.status} subscription has nothing left to pay`,
          details: { subscriptionId: data.subscriptionId, status: current.status },
        });
      }
      return [
        {
          type: 'PaymentSessionOpened',
          data: {
            subscriptionId: data.subscriptionId,
            userId: current.userId,
            provider: data.provider,
            sessionId: data.sessionId,
            openedAt: data.now.toISOString(),
          },
        },
      ];
    }

    case 'RecordPaymentFailure': {
      const { data } = command;
      const current = requireExisting(state, data.subscriptionId);
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

    case 'RefundPayment': {
      const { data } = command;
      const current = requireExisting(state, data.subscriptionId);
      const refund = {
        subscriptionId: data.subscriptionId,
        provider: data.provider,
        paymentReference: data.paymentReference,
        amountCents: data.amountCents,
        currency: data.currency.toUpperCase(),
        refundedAt: data.now.toISOString(),
      };
      const extra = current.extraPayments?.[data.paymentReference];
      if (extra) {
        // The refund of a second payment: the subscription the first one paid for stays.
        return extra.refunded ? [] : [{ type: 'ExtraPaymentRefunded', data: refund }];
      }
      if (current.refunded) return [];
      // A provider only refunds what it was paid. When the refund overtakes the payment's own
      // notification, it is still a fact: the order ends cancelled and the late payment is ignored.
      return [{ type: 'PaymentRefunded', data: refund }];
    }

    case 'AssignCredentials': {
      const { data } = command;
      const current = requireExisting(state, data.subscriptionId);
      if (current.status !== 'active') {
        throw new DomainError({
          code: 'subscription.not_active',
          message: `Credentials can only be assigned to an active subscription (this one is ${current.status})`,
          details: { subscriptionId: data.subscriptionId, status: current.status },
        });
      }
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
      return decideStatusChange(command, requireExisting(state, command.data.subscriptionId));

    case 'ExpireSubscription': {
      const { data } = command;
      const current = requireExisting(state, data.subscriptionId);
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

    case 'GrantSubscription':
      return decideGrant(command, state);

    case 'VoidSubscription':
      return decideVoid(command, requireExisting(state, command.data.subscriptionId));

    default:
      return assertNever(command);
  }
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  initialState,
  evolve,
  decide,
};
