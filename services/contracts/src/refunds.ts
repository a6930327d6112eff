import { z } from 'zod';
import { cents } from './money.js';
import { text } from './text.js';

/** What the money of one payment of a subscription became: its order's or a renewal's. */
export const subscriptionPayment = z
  .object({
    /** The provider's payment id (Stripe payment intent, Mollie payment, PayPal capture…). */
    reference: z.string(),
    kind: z.enum(['order', 'renewal', 'extra']),
    provider: z.string(),
    amountCents: cents,
    currency: z.string(),
    paidAt: z.string().nullable(),
    /** Refunded so far, by the shop or from the provider's dashboard. */
    refundedCents: cents,
    /** Asked of the provider and not answered yet. */
    pendingRefundCents: cents,
    /** What may still be refunded: the amount less what is refunded or on its way back. */
    refundableCents: cents,
  })
  .meta({ id: 'SubscriptionPayment' });
export type SubscriptionPayment = z.infer<typeof subscriptionPayment>;

/** A refund the operator asked for, and what the provider answered. */
export const subscriptionRefund = z
  .object({
    id: z.string(),
    paymentReference: z.string(),
    amountCents: cents,
    currency: z.string(),
    reason: z.string(),
    /** `pending`: asked of the provider; `succeeded`: the provider refunded; `failed`: it refused (see failure). */
    status: z.enum(['pending', 'succeeded', 'failed']),
    failure: z.string().nullable(),
    requestedAt: z.string(),
  })
  .meta({ id: 'SubscriptionRefund' });
export type SubscriptionRefund = z.infer<typeof subscriptionRefund>;

/** `GET /api/admin/subscriptions/:id/payments`: each payment and each refund the operator asked for. */
export const subscriptionMoney = z
  .object({ payments: z.array(subscriptionPayment), refunds: z.array(subscriptionRefund) })
  .meta({ id: 'SubscriptionMoney' });
export type SubscriptionMoney = z.infer<typeof subscriptionMoney>;

/**
 * `POST /api/admin/subscriptions/:id/refunds`: give back `amountCents` of a payment (the latest
 * one when `paymentReference` is left out), never more than is left of it. A full refund of the
 * order's payment ends the subscription, unless a renewal paid after it is kept: then the order's
 * months come off its expiry. A partial one keeps it.
 */
export const adminRefundRequest = z
  .strictObject({
    amountCents: cents.positive(),
    reason: text({ min: 1, max: 500, multiline: true }),
    paymentReference: text({ min: 1, max: 255 }).optional(),
  })
  .meta({ id: 'AdminRefundRequest' });
export type AdminRefundRequest = z.input<typeof adminRefundRequest>;
