import { z } from 'zod';
import { cents } from './money.js';
import { personalData } from './personal-data.js';
import { text } from './text.js';
import { SUBSCRIPTION_STATUSES } from './vocabulary.js';

/** Whose subscription it is, what was ordered and where it stands: the back-office's subscription fields. */
export const subscriptionOrderFields = {
  userId: z.string(),
  /** From the accounts read model; null while the account is not projected yet, `[erased]` after an erasure. */
  customerEmail: personalData(z.string().nullable()),
  customerName: personalData(z.string().nullable()),
  planId: z.string(),
  planName: z.string(),
  months: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
};

/** Where a subscription's automatic renewal stands: the customer's profile and the back-office read the same. */
export const automaticRenewalFields = {
  /** It renews itself before its expiry: a payment method is kept and the customer has not cancelled. */
  autoRenew: z.boolean(),
  /** The method kept for automatic renewals, as the customer recognises it ("Visa •••• 4242"), or null. */
  paymentMethod: z.string().nullable(),
  /** When the kept method is charged next, while automatic renewal is on; null otherwise. */
  nextChargeAt: z.string().nullable(),
  /** The last automatic charge declined for the current period, or null (cleared once a renewal is paid). */
  renewalFailedAt: z.string().nullable(),
  /** When the declined charge is tried again; null once no try is left (it then ends at its expiry). */
  renewalRetryAt: z.string().nullable(),
};

/** A subscription as the back-office sees it: the order, its payment, its credentials, and whose it is. */
export const adminSubscription = z
  .object({
    id: z.string(),
    ...subscriptionOrderFields,
    /** Why the status last changed: `refunded`, the operator's reason, or null. */
    statusReason: z.string().nullable(),
    totalCents: cents,
    discountCents: cents,
    currency: z.string(),
    promoCode: z.string().nullable(),
    provider: z.string().nullable(),
    paymentReference: z.string().nullable(),
    lastPaymentIssue: z.string().nullable(),
    credentialsAssigned: z.boolean(),
    /** Which stored set of service credentials serves it (they live encrypted outside the log). */
    credentialsId: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    updatedAt: z.string(),
    /** What its renewals paid and kept, beside the order's total. */
    renewedCents: cents,
    /**
     * What went back of its payments partly refunded, and of the order given back after renewals
     * (a payment refunded in full that ends it, or a renewal's, counts nothing instead).
     */
    refundedCents: cents,
    /** The latest payment, the order's or a renewal's. */
    lastPaymentAt: z.string().nullable(),
    /** The customer cancelled: it ends at its expiry. */
    customerCancelledAt: z.string().nullable(),
    cancellationReason: personalData(z.string().nullable()),
    /** The customer asked for a refund under the 7-day guarantee: for the operator to decide. */
    refundRequestedAt: z.string().nullable(),
    refundReason: personalData(z.string().nullable()),
    /** When the operator last refunded something of it: a request made before is answered. */
    refundAnsweredAt: z.string().nullable(),
    ...automaticRenewalFields,
    /** How many renewals were paid for it (by hand or automatically). */
    renewalCount: z.number().int(),
  })
  .meta({ id: 'AdminSubscription' });
export type AdminSubscription = z.infer<typeof adminSubscription>;

/** `GET /api/admin/subscriptions`: one page (ra-data-simple-rest; the total is in Content-Range). */
export const adminSubscriptionList = z.array(adminSubscription);
export type AdminSubscriptionList = z.infer<typeof adminSubscriptionList>;

/** Which status a subscription may move to (the domain's rule): the back-office offers only these. */
export { ALLOWED_STATUS_CHANGES as SUBSCRIPTION_STATUS_MOVES } from '@shop/domain';

/** The statuses an operator may ask for; "pending" only ever ends in a payment or a cancellation. */
export const OPERATOR_SUBSCRIPTION_STATUSES = ['active', 'suspended', 'cancelled', 'expired'] as const;

/** Why the operator acted: kept with the event, for whoever audits the subscription later. */
export const operatorReason = text({ min: 1, max: 500, multiline: true }).describe(
  'Why: kept with the event in the subscription history',
);

/** `PUT /api/admin/subscriptions/:id`: the new status and why; the moves allowed are the domain's. */
export const adminSubscriptionStatusChange = z
  .strictObject({ status: z.enum(OPERATOR_SUBSCRIPTION_STATUSES), reason: operatorReason })
  .meta({ id: 'AdminSubscriptionStatusChange' });
export type AdminSubscriptionStatusChange = z.input<typeof adminSubscriptionStatusChange>;

/**
 * What `PUT /api/admin/subscriptions/:id` answers: the subscription with its new status, or only
 * its status while the back-office's view has not caught up with an order placed a moment ago.
 */
export const adminSubscriptionAfterChange = z.union([
  adminSubscription,
  adminSubscription.pick({ id: true, status: true, statusReason: true }),
]);
export type AdminSubscriptionAfterChange = z.infer<typeof adminSubscriptionAfterChange>;

/**
 * `DELETE /api/admin/subscriptions/:id`: why it is voided (a mistaken order, a duplicate). A paid
 * one is refunded instead; `insist` voids it all the same, its payment taken out of the revenue.
 */
export const adminSubscriptionVoid = z
  .strictObject({
    reason: operatorReason,
    insist: z
      .boolean()
      .optional()
      .describe(
        'Void a paid subscription all the same: its payment leaves the revenue (otherwise 409 subscription.void_paid)',
      ),
  })
  .meta({ id: 'AdminSubscriptionVoid' });
export type AdminSubscriptionVoid = z.input<typeof adminSubscriptionVoid>;

/** What the void answers: the subscription as it was, now voided (out of every list and figure). */
export const voidedSubscription = adminSubscription
  .extend({ voidedAt: z.string(), voidReason: z.string() })
  .meta({ id: 'VoidedSubscription' });
export type VoidedSubscription = z.infer<typeof voidedSubscription>;

/** `POST /api/admin/subscriptions/:id/reactivation`: why a cancelled subscription is active again. */
export const adminSubscriptionReactivation = z
  .strictObject({ reason: operatorReason })
  .meta({ id: 'AdminSubscriptionReactivation' });
export type AdminSubscriptionReactivation = z.input<typeof adminSubscriptionReactivation>;
