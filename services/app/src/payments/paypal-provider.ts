import { fromDecimalAmount, toDecimalAmount } from './decimal-amount.js';
import type * as Payments from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';
import { PayPalApiError, PayPalClient, type PayPalClientOptions } from './paypal-client.js';
import { minimalPayload, signedNotification, text } from './paypal-notification.js';

/** The capture of an order is keyed by the order: whoever captures it (return page, webhook, retry) sends the same id. */
export const captureRequestId = (orderId: string) => `capture-${orderId}`;

export interface PayPalProviderOptions extends PayPalClientOptions {
  webhookId: string;
  publicUrl: string;
  clock: () => Date;
  /**
   * Whether the shop opened this PayPal order at checkout. An approved order is captured only
   * then: money is never taken for an order someone else created, whatever it names.
   */
  openedByShop: (orderId: string) => Promise<boolean>;
}

interface Money {
  currency_code: string;
  value: string;
}

interface Capture {
  id: string;
  status: string;
  amount?: Money;
  custom_id?: string;
  create_time?: string;
  update_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface Order {
  id: string;
  status: string;
  links?: Array<{ href: string; rel: string }>;
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; payments?: { captures?: Capture[] } }>;
}

/** A refund of a capture; `seller_payable_breakdown.total_refunded_amount` is the capture's refunded total once it was made. */
interface Refund {
  id: string;
  status: string;
  amount?: Money;
  status_details?: { reason?: string };
  seller_payable_breakdown?: { total_refunded_amount?: Money };
  create_time?: string;
  update_time?: string;
  links?: Array<{ href: string; rel: string }>;
}

const ignored = (reason: string): Payments.PaymentOutcome => ({ kind: 'ignored', reason });
const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
const capturePath = (captureId: string) => `/v2/payments/captures/${encodeURIComponent(captureId)}`;

/** PayPal answering "no" (already refunded, amount too large, unknown capture), as opposed to not answering. */
const isRefusal = (error: unknown): error is PayPalApiError =>
  error instanceof PayPalApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  // Our credentials rejected even after a new token, a timeout, a rate limit: ask again later.
  ![401, 408, 429].includes(error.status);

const isMoney = (value: unknown): value is Money =>
  typeof (value as Money | null)?.value === 'string' && typeof (value as Money | null)?.currency_code === 'string';

/**
 * PayPal Orders v2 over PayPalClient (plain fetch against a configurable base URL).
 *
 * An order is created with intent CAPTURE and must be captured once the payer approved it:
 * on the return page (`checkSession`) or, if the payer never comes back, on the
 * CHECKOUT.ORDER.APPROVED notification. Every creating request carries a PayPal-Request-Id,
 * so a retry (ours after a lost answer, or the other path racing) is answered with the first
 * result instead of acting twice. Notifications are checked by PayPal's own verification
 * endpoint against the webhook id.
 *
 * PayPal cannot put the order id into the return URL; it appends `token=<order id>` to it. The
 * return URL is therefore the success page with `provider=paypal`, and the page reads `token`
 * as the session id.
 */
export class PayPalProvider implements Payments.PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly api: PayPalClient;

  constructor(private readonly options: PayPalProviderOptions) {
    this.api = new PayPalClient(options);
  }

  async createCheckout(request: Payments.CheckoutRequest): Promise<Payments.CheckoutSession> {
    const currency = request.currency.toUpperCase();
    const experience = {
      return_url: returnUrl(request.successUrl),
      cancel_url: returnUrl(request.cancelUrl),
      locale: request.language === 'en' ? 'en-US' : 'fr-FR',
      shipping_preference: 'NO_SHIPPING',
      user_action: 'PAY_NOW',
    };
    const order = await this.api.post<Order>(
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.subscriptionId,
            custom_id: request.subscriptionId,
            description: request.description.slice(0, 127),
            amount: { currency_code: currency, value: toDecimalAmount(request.amountCents, currency) },
          },
        ],
        payment_source: { paypal: { experience_context: experience } },
      },
      request.idempotencyKey,
    );
    const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    if (!approve) throw new Error(`PayPal returned order ${order.id} without an approval link`);
    return { sessionId: order.id, redirectUrl: approve.href };
  }

  /** The return page: captures an approved order ("capture on return"), or reports where it stands. */
  async checkSession(sessionId: string): Promise<Payments.PaymentOutcome> {
    return this.settle(sessionId);
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<Payments.VerifiedWebhook> {
    const { event, verification } = signedNotification(rawBody, headers, this.options.webhookId);
    let status: unknown;
    try {
      ({ verification_status: status } = await this.api.post<{ verification_status?: unknown }>(
        '/v1/notifications/verify-webhook-signature',
        verification,
      ));
    } catch (error) {
      // PayPal refusing the request itself (a forged certificate URL, say) is a failed check;
      // PayPal being unreachable is not, and the notification is retried by PayPal later.
      if (error instanceof PayPalApiError && error.status >= 400 && error.status < 500) {
        throw new WebhookSignatureError(`PayPal refused to verify this notification (${error.status})`);
      }
      throw error;
    }
    if (status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify this notification');
    return { providerEventId: event.id, payload: minimalPayload(event) };
  }

  async interpretWebhook(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome[]> {
    const eventType = text(payload.eventType);
    // The payer approved but may never come back: the order is captured here.
    if (eventType === 'CHECKOUT.ORDER.APPROVED') return [await this.settle(text(payload.resourceId))];
    // A refund's resource is the refund, partial or full; it names the capture it belongs to.
    const refund = eventType === 'PAYMENT.CAPTURE.REFUNDED';
    if (!refund && eventType !== 'PAYMENT.CAPTURE.COMPLETED' && eventType !== 'PAYMENT.CAPTURE.DENIED') {
      return [ignored(`unhandled PayPal event ${String(eventType)}`)];
    }
    if (refund) return [await this.refundOutcome(payload)];
    const captureId = text(payload.resourceId);
    const capture = captureId ? await this.api.get<Capture>(capturePath(captureId)) : null;
    if (!capture) return [ignored(`unknown PayPal capture ${captureId}`)];
    return [this.captureOutcome(capture, text(payload.orderId))];
  }

  /**
   * Gives back part or all of a capture (the payment reference the shop records for PayPal). The
   * idempotency key is the PayPal-Request-Id, so a retry after a lost answer or a 5xx is answered
   * with the first refund. A PENDING refund is made: PayPal completes it later.
   */
  async refund(request: Payments.RefundRequest): Promise<Payments.RefundAnswer> {
    const currency = request.currency.toUpperCase();
    let refund: Refund;
    try {
      refund = await this.api.post<Refund>(
        `${capturePath(request.paymentReference)}/refund`,
        { amount: { value: toDecimalAmount(request.amountCents, currency), currency_code: currency } },
        request.idempotencyKey,
      );
    } catch (error) {
      // PayPal refused (CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED, …): an answer, not an outage.
      if (isRefusal(error)) return { failure: error.reason };
      throw error;
    }
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') {
      return { failure: text(refund.status_details?.reason) ?? refund.status };
    }
    return { providerRefundId: refund.id };
  }

  /**
   * A refund of a capture, made by the shop or from PayPal's dashboard, partial or full: reported
   * as the capture's refunded total so far (the subscription's decision tells partial from full,
   * and a refund it already recorded adds nothing). The refund and its capture are read from PayPal.
   */
  private async refundOutcome(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome> {
    const refundId = text(payload.resourceId);
    const refund = refundId ? await this.api.get<Refund>(`/v2/payments/refunds/${encodeURIComponent(refundId)}`) : null;
    if (refund && (refund.status === 'FAILED' || refund.status === 'CANCELLED')) {
      return ignored(`PayPal refund ${refund.id} is ${refund.status}`);
    }
    const up = refund?.links?.find((link) => link.rel === 'up')?.href;
    const captureId = text(payload.captureId) ?? (up ? (up.split('/').filter(Boolean).at(-1) ?? null) : null);
    const capture = captureId ? await this.api.get<Capture>(capturePath(captureId)) : null;
    if (!capture) return ignored(`refund of an unknown PayPal capture ${captureId}`);
    const payment = this.paymentOf(capture, text(payload.orderId));
    if (!payment) return ignored(`PayPal capture ${capture.id} is not one of our orders`);
    const total = refund?.seller_payable_breakdown?.total_refunded_amount ?? payload.refundedTotal;
    // A capture PayPal says is refunded in full is, whatever this refund's own total was.
    const refundedCents =
      capture.status === 'REFUNDED'
        ? payment.amountCents
        : isMoney(total)
          ? fromDecimalAmount(total.value, total.currency_code)
          : 0;
    if (refundedCents <= 0)
      return ignored(`PayPal refund ${refundId} of capture ${capture.id} names no refunded total`);
    const when = refund?.update_time ?? refund?.create_time ?? capture.update_time;
    return {
      kind: 'refunded',
      ...payment,
      amountCents: Math.min(refundedCents, payment.amountCents),
      refundedAt: when ? new Date(when) : this.options.clock(),
    };
  }

  /** Captures an approved order, or reports the state of one already past approval. */
  private async settle(orderId: string | null): Promise<Payments.PaymentOutcome> {
    const order = orderId ? await this.api.get<Order>(orderPath(orderId)) : null;
    if (!order) return ignored(`unknown PayPal order ${orderId}`);
    const unit = order.purchase_units?.[0];
    const subscriptionId = text(unit?.custom_id) ?? text(unit?.reference_id);
    if (!subscriptionId) return ignored(`PayPal order ${order.id} is not one of our orders`);
    switch (order.status) {
      case 'APPROVED': {
        if (!(await this.options.openedByShop(order.id))) {
          return ignored(`PayPal order ${order.id} was not opened by the shop: not captured`);
        }
        try {
          const captured = await this.api.post<Order>(`${orderPath(order.id)}/capture`, {}, captureRequestId(order.id));
          return this.orderOutcome(captured, subscriptionId);
        } catch (error) {
          if (!(error instanceof PayPalApiError)) throw error;
          if (error.issue === 'ORDER_ALREADY_CAPTURED') return this.settle(order.id);
          if (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'PAYER_ACTION_REQUIRED') {
            return { kind: 'failed', subscriptionId, sessionId: order.id };
          }
          throw error;
        }
      }
      case 'COMPLETED':
        return this.orderOutcome(order, subscriptionId);
      case 'VOIDED':
        return { kind: 'canceled', subscriptionId, sessionId: order.id };
      default:
        // CREATED, SAVED, PAYER_ACTION_REQUIRED: the payer has not approved yet.
        return { kind: 'pending', subscriptionId };
    }
  }

  private orderOutcome(order: Order, subscriptionId: string): Payments.PaymentOutcome {
    const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
    const capture = captures.find((c) => c.status !== 'DECLINED' && c.status !== 'FAILED') ?? captures.at(-1);
    if (!capture) return { kind: 'pending', subscriptionId };
    return this.captureOutcome({ ...capture, custom_id: capture.custom_id ?? subscriptionId }, order.id);
  }

  /** The order a capture pays and its money; null when the capture names none of ours. */
  private paymentOf(capture: Capture, notifiedOrderId: string | null) {
    const subscriptionId = text(capture.custom_id);
    if (!subscriptionId) return null;
    // The PayPal order is the checkout the shop recorded; a capture names it among its related ids.
    const sessionId = notifiedOrderId ?? text(capture.supplementary_data?.related_ids?.order_id);
    const currency = capture.amount?.currency_code.toUpperCase() ?? '';
    const amountCents = capture.amount ? fromDecimalAmount(capture.amount.value, currency) : 0;
    return { subscriptionId, sessionId, paymentReference: capture.id, amountCents, currency };
  }

  private captureOutcome(capture: Capture, notifiedOrderId: string | null): Payments.PaymentOutcome {
    const payment = this.paymentOf(capture, notifiedOrderId);
    if (!payment) return ignored(`PayPal capture ${capture.id} is not one of our orders`);
    const { subscriptionId, sessionId } = payment;
    const at = (time: string | undefined) => (time ? new Date(time) : this.options.clock());
    switch (capture.status) {
      case 'COMPLETED':
      case 'PARTIALLY_REFUNDED':
        // Still paid: what went back of it is reported by its refunds (PAYMENT.CAPTURE.REFUNDED).
        return { kind: 'paid', ...payment, paidAt: at(capture.create_time) };
      case 'REFUNDED':
        return { kind: 'refunded', ...payment, refundedAt: at(capture.update_time) };
      case 'DECLINED':
      case 'FAILED':
        return { kind: 'failed', subscriptionId, sessionId };
      default:
        // PENDING: PayPal is still deciding (an eCheck, a review); PAYMENT.CAPTURE.COMPLETED follows.
        return { kind: 'pending', subscriptionId };
    }
  }
}

/** PayPal appends `token=<order id>` itself; the success page reads it as the session id. */
function returnUrl(template: string): string {
  const url = new URL(template);
  for (const [key, value] of [...url.searchParams]) if (value === '{SESSION_ID}') url.searchParams.delete(key);
  url.searchParams.set('provider', 'paypal');
  return url.toString();
}
