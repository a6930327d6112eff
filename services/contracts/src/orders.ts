import { z } from 'zod';
import { cents } from './money.js';
import { automaticRenewalFields } from './subscriptions.js';
import { identifier, text } from './text.js';
import { COUNTRY_CODES, PAYMENT_PROVIDERS, SUBSCRIPTION_STATUSES } from './vocabulary.js';

/** 1, 3 or 12 months: the durations on sale. */
export const monthsSchema = z.union([z.literal(1), z.literal(3), z.literal(12)]);
export type Months = z.infer<typeof monthsSchema>;

/**
 * Who pays, for the invoice and its VAT: the country of residence (ISO 3166-1 alpha-2, required:
 * an EU consumer pays their country's VAT), and for a business its name and VAT number.
 */
export const billingFields = {
  billingCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_CODES.includes(code), 'must be an ISO 3166-1 alpha-2 country code (FR, BE, DE, …)'),
  companyName: text({ min: 1, max: 200 }).optional(),
  vatNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, 'must be a VAT number with its country prefix (FR12345678901)')
    .optional(),
};

/**
 * The customer's express request for access to start at once, before the 14-day withdrawal period
 * ends, acknowledging that they lose the right to withdraw once the month is provided; the shop
 * asks for it at checkout and records it with the order (`immediateAccess` in `OrderPlaced`).
 * Absent or false: no request is recorded, and the customer keeps the right to withdraw.
 */
const immediateAccessField = z
  .boolean()
  .optional()
  .describe(
    'The customer asks for access to start before the 14-day withdrawal period ends and acknowledges losing the right to withdraw once the service is provided; recorded with the order',
  );

/** The provider to pay with: the sandbox unless one is named. */
const paymentProvider = z.enum(PAYMENT_PROVIDERS).default('sandbox');
const promoCode = text({ max: 32 }).optional();

/** `POST /api/orders`. */
export const orderRequest = z.strictObject({
  ...billingFields,
  planId: identifier(64),
  months: monthsSchema,
  promoCode,
  provider: paymentProvider,
  /** Keep the payment method to renew automatically: refused (422 payment.renewal_unsupported) where the provider cannot. */
  autoRenew: z.boolean().optional(),
  immediateAccess: immediateAccessField,
});
export type OrderRequest = z.input<typeof orderRequest>;

/** `POST /api/orders/:id/checkout`: a new payment session for a pending order. */
export const checkoutRequest = z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS).optional() });
export type CheckoutRequest = z.input<typeof checkoutRequest>;

/** What `POST /api/orders` and `POST /api/orders/:id/checkout` answer: where to send the browser to pay. */
export const orderResponse = z
  .object({
    orderId: z.string(),
    subscriptionId: z.string(),
    status: z.literal('pending'),
    totalCents: cents,
    currency: z.string(),
    redirectUrl: z.string(),
  })
  .meta({ id: 'Order' });
export type OrderResponse = z.infer<typeof orderResponse>;

/** `POST /api/me/subscriptions/:id/renew`: more months of the same subscription, at the catalogue's price now. */
export const renewalRequest = z.strictObject({
  ...billingFields,
  months: monthsSchema,
  provider: paymentProvider,
  promoCode,
  autoRenew: z.boolean().optional(),
  immediateAccess: immediateAccessField,
});
export type RenewalRequest = z.input<typeof renewalRequest>;

/** What the renew route answers: where to send the browser to pay the renewal. */
export const renewalResponse = z
  .object({
    subscriptionId: z.string(),
    renewalId: z.string(),
    months: z.number().int(),
    totalCents: cents,
    currency: z.string(),
    redirectUrl: z.string(),
  })
  .meta({ id: 'Renewal' });
export type RenewalResponse = z.infer<typeof renewalResponse>;

/** `POST /api/me/subscriptions/:id/cancel`: why, if the customer says. */
export const cancellationRequest = z.strictObject({ reason: text({ max: 500, multiline: true }).optional() });
export type CancellationRequest = z.input<typeof cancellationRequest>;

/** What cancelling answers: the subscription stays active until `accessEndsAt`. */
export const cancellationAnswer = z
  .object({ subscriptionId: z.string(), cancelledAt: z.string(), accessEndsAt: z.string() })
  .meta({ id: 'Cancellation' });
export type CancellationAnswer = z.infer<typeof cancellationAnswer>;

/** What a refund request answers: which payment, now for the operator to decide. */
export const refundRequestAnswer = z
  .object({
    subscriptionId: z.string(),
    paymentReference: z.string(),
    amountCents: cents,
    currency: z.string(),
    status: z.literal('requested'),
  })
  .meta({ id: 'RefundRequest' });
export type RefundRequestAnswer = z.infer<typeof refundRequestAnswer>;

/** `PUT /api/me/subscriptions/:id/auto-renew`. */
export const autoRenewRequest = z.strictObject({ enabled: z.boolean() });
export type AutoRenewRequest = z.input<typeof autoRenewRequest>;

/**
 * What turning automatic renewal on or off answers: off is a cancellation (`cancelledAt`, access
 * until `accessEndsAt`); on, it renews itself before `accessEndsAt` (the current expiry).
 */
export const autoRenewAnswer = z
  .object({
    subscriptionId: z.string(),
    autoRenew: z.boolean(),
    cancelledAt: z.string().nullable(),
    accessEndsAt: z.string(),
  })
  .meta({ id: 'AutoRenewal' });
export type AutoRenewAnswer = z.infer<typeof autoRenewAnswer>;

/** `POST /api/me/subscriptions/:id/refund-request`: the 7-day guarantee. */
export const refundRequestBody = z.strictObject({ reason: text({ min: 1, max: 1000, multiline: true }) });
export type RefundRequestBody = z.input<typeof refundRequestBody>;

/** `POST /api/promo-codes/check`. */
export const promoCheckRequest = z.strictObject({
  code: text({ min: 1, max: 32 }),
  planId: identifier(64),
  months: monthsSchema,
});
export type PromoCheckRequest = z.input<typeof promoCheckRequest>;

export const promoCheck = z
  .discriminatedUnion('valid', [
    z.object({
      valid: z.literal(true),
      code: z.string(),
      percentOff: z.number(),
      subtotalCents: cents,
      discountCents: cents,
      totalCents: cents,
      currency: z.string(),
    }),
    z.object({
      valid: z.literal(false),
      code: z.string(),
      /** `promo.unknown`, `promo.expired`, `promo.exhausted`; null for a code that was never valid. */
      reason: z.string().nullable(),
    }),
  ])
  .meta({ id: 'PromoCheck' });
export type PromoCheck = z.infer<typeof promoCheck>;

/** One row of `GET /api/me/subscriptions`. */
export const customerSubscription = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    logo: z.string().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** The order's total and months; its renewals are counted apart, below. */
    totalCents: cents,
    currency: z.string(),
    months: z.number().int(),
    /** How many renewals were paid for it (by hand or automatically). */
    renewalCount: z.number().int(),
    /** What it cost in all: the order and its renewals paid, less what went back (0 unpaid or refunded). */
    paidCents: cents,
    expiresAt: z.string().nullable(),
    purchasedAt: z.string(),
    /** The last payment problem a provider reported (a failed or refunded payment), or null. */
    paymentIssue: z.string().nullable(),
    ...automaticRenewalFields,
    /** What the next automatic charge will be at the catalogue's price now, while automatic renewal is on. */
    nextChargeCents: cents.nullable(),
    /** When the customer cancelled (it then ends at its expiry), or null. */
    cancelledAt: z.string().nullable(),
    /** Whether more months can be bought for it now (active or expired, not voided, its plan on sale). */
    renewable: z.boolean(),
    /** Its plan is no longer sold: it renews neither automatically nor by hand, and ends at its expiry. */
    planWithdrawn: z.boolean(),
    /** Until when the next refund request may be made: the 7 days of the latest payment not asked for yet with money left; null when none. */
    refundableUntil: z.string().nullable(),
    /** When the customer last asked for a refund, while the operator has not answered it; otherwise null. */
    refundRequestedAt: z.string().nullable(),
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof customerSubscription>;

/** `GET /api/me/subscriptions`: newest first, with the profile's figures. */
export const customerSubscriptions = z.object({
  data: z.array(customerSubscription),
  activeCount: z.number().int(),
  totalSpentCents: cents,
  currency: z.string(),
});
export type CustomerSubscriptions = z.infer<typeof customerSubscriptions>;
