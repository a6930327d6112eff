import { z } from 'zod';
import { cents } from './money.js';
import { text } from './text.js';
import { PAYMENT_PROVIDERS, SUBSCRIPTION_STATUSES } from './vocabulary.js';

/** How the shop names each provider to shoppers: `card` for Stripe. */
export const PAYMENT_PROVIDER_LABELS = ['card', 'paypal', 'mollie', 'payssion', 'sandbox'] as const;
export type PaymentProviderLabel = (typeof PAYMENT_PROVIDER_LABELS)[number];

export const paymentProviderOption = z.object({
  name: z.enum(PAYMENT_PROVIDERS),
  label: z.enum(PAYMENT_PROVIDER_LABELS).describe('How the shop names it: card for Stripe'),
});
export type PaymentProviderOption = z.infer<typeof paymentProviderOption>;

/** `GET /api/payments/providers`: the enabled providers, in the order the checkout shows them. */
export const paymentProviders = z.object({ data: z.array(paymentProviderOption) }).meta({ id: 'PaymentProviders' });
export type PaymentProviders = z.infer<typeof paymentProviders>;

/** `GET /api/payments/verify?session_id=`: the session the provider sent the browser back with. */
export const paymentVerificationQuery = z.object({ session_id: text({ min: 1, max: 255 }) });
export type PaymentVerificationQuery = z.input<typeof paymentVerificationQuery>;

/** What a provider said about a payment, in the shop's words. */
export const PAYMENT_OUTCOME_KINDS = [
  'paid',
  'failed',
  'expired',
  'canceled',
  'refunded',
  'disputed',
  'pending',
  'ignored',
] as const;
export type PaymentOutcomeKind = (typeof PAYMENT_OUTCOME_KINDS)[number];

/** `GET /api/payments/verify`: the order's status once the provider was asked. */
export const paymentVerification = z
  .object({
    subscriptionId: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** The payment went through and the subscription is active. */
    paid: z.boolean(),
    outcome: z.enum(PAYMENT_OUTCOME_KINDS),
    /** Present when the checkout paid a renewal of the subscription rather than its order. */
    renewalId: z.string().optional(),
  })
  .meta({ id: 'PaymentVerification' });
export type PaymentVerification = z.infer<typeof paymentVerification>;

/** `POST /webhooks/:provider`: the notification is stored (once: a repeated delivery is a duplicate). */
export const webhookReceipt = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookReceipt' });
export type WebhookReceipt = z.infer<typeof webhookReceipt>;

/** `POST /api/admin/payments/sync`: the customer whose missed Stripe payments to fulfil. */
export const paymentSyncRequest = z.strictObject({ email: text({ min: 1, max: 254 }) });
export type PaymentSyncRequest = z.input<typeof paymentSyncRequest>;

export const syncedPayment = z.object({
  planName: z.string(),
  sessionId: z.string(),
  amountCents: cents,
  /** When the checkout session was opened (ISO-8601 UTC). */
  date: z.string(),
});
export type SyncedPayment = z.infer<typeof syncedPayment>;

/** A paid session that names the customer's order but was not opened by the shop for it. */
export const unmatchedSession = z.object({
  sessionId: z.string(),
  amountCents: cents,
  currency: z.string(),
});
export type UnmatchedSession = z.infer<typeof unmatchedSession>;

/** A paid session whose amount does not cover its order. */
export const paymentMismatch = unmatchedSession.extend({
  expectedAmountCents: cents,
  expectedCurrency: z.string(),
});
export type PaymentMismatch = z.infer<typeof paymentMismatch>;

/** What the back-office's payment sync did. */
export const paymentSyncResult = z
  .object({
    message: z.string(),
    count: z.number().int(),
    payments: z.array(syncedPayment),
    /** Paid sessions whose amount does not cover their order: recorded once, never activated. */
    mismatches: z.array(paymentMismatch),
    /** Paid sessions the shop never opened for the order they name: recorded once as unmatched, never activated. */
    unmatched: z.array(unmatchedSession),
    /** The run as recorded in the log (stream `payment-sync-<runId>`): `shopctl payments replay-sync <runId>`. */
    runId: z.string(),
  })
  .meta({ id: 'PaymentSyncResult' });
export type PaymentSyncResult = z.infer<typeof paymentSyncResult>;
