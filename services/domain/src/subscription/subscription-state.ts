import type { SubscriptionEvent, SubscriptionStatus } from './events.js';

export type SubscriptionState =
  | { status: 'none' }
  | {
      status: SubscriptionStatus;
      subscriptionId: string;
      userId: string;
      planId: string;
      months: number;
      totalCents: number;
      currency: string;
      paymentReference: string | null;
      expiresAt: string | null;
      credentialsId: string | null;
      /** The version of that credential set when it was assigned; null when unknown (before sets had versions). */
      credentialsVersion?: number | null;
      refunded?: boolean;
      /** Voided by the operator: nothing may change it any more. */
      voided?: boolean;
      /** Payments received after the one it stands on (ExtraPaymentRecorded), by reference; refunded or not. */
      extraPayments?: Readonly<Record<string, { refunded: boolean }>>;
    };

export const initialState = (): SubscriptionState => ({ status: 'none' });

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'OrderPlaced') {
    return {
      status: 'pending',
      subscriptionId: event.data.subscriptionId,
      userId: event.data.userId,
      planId: event.data.planId,
      months: event.data.months,
      totalCents: event.data.totalCents,
      currency: event.data.currency,
      paymentReference: null,
      expiresAt: null,
      credentialsId: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PaymentConfirmed':
      return {
        ...state,
        status: 'active',
        paymentReference: event.data.paymentReference,
        expiresAt: event.data.expiresAt,
      };
    case 'ExtraPaymentRecorded':
      return {
        ...state,
        extraPayments: { ...state.extraPayments, [event.data.paymentReference]: { refunded: false } },
      };
    case 'ExtraPaymentRefunded':
      return {
        ...state,
        extraPayments: { ...state.extraPayments, [event.data.paymentReference]: { refunded: true } },
      };
    case 'PaymentMismatchRecorded':
    case 'PaymentSessionOpened':
    case 'PaymentAttemptFailed':
      return state;
    case 'PaymentRefunded':
      return { ...state, status: 'cancelled', refunded: true };
    case 'CredentialsAssigned':
      return {
        ...state,
        credentialsId: event.data.credentialsId,
        credentialsVersion: event.data.credentialsVersion ?? null,
      };
    case 'SubscriptionStatusChanged':
      return { ...state, status: event.data.to };
    case 'SubscriptionExpired':
      return { ...state, status: 'expired' };
    case 'SubscriptionVoided':
      return { ...state, voided: true };
  }
}
