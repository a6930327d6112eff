import { WebhookSignatureError } from './payment-provider.js';

/** The headers PayPal signs a notification with; all five go to its verification endpoint. */
export const PAYPAL_TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** The notifications the shop subscribes to; any other type is stored and ignored. */
export const PAYPAL_WEBHOOK_EVENTS = [
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A notification as PayPal posted it and the request that asks PayPal whether it signed it;
 * WebhookSignatureError when a transmission header is missing or the body is not an event.
 */
export function signedNotification(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  webhookId: string,
): { event: Record<string, unknown> & { id: string }; verification: string } {
  const transmission: Record<string, string> = {};
  const missing: string[] = [];
  for (const [field, header] of Object.entries(PAYPAL_TRANSMISSION_HEADERS)) {
    const value = [headers[header]].flat()[0];
    if (value) transmission[field] = value;
    else missing.push(header);
  }
  if (missing.length > 0) throw new WebhookSignatureError(`Missing PayPal headers: ${missing.join(', ')}`);
  const raw = rawBody.toString('utf8');
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    throw new WebhookSignatureError('A PayPal notification is JSON');
  }
  if (!isRecord(event) || !text(event.id) || !text(event.event_type)) {
    throw new WebhookSignatureError('A PayPal notification has an id and an event type');
  }
  // PayPal checks the signature over the exact bytes it sent, so the event goes back verbatim
  // (it parsed above, so splicing it in is safe) rather than re-serialised.
  const fields = JSON.stringify({ ...transmission, webhook_id: webhookId });
  return {
    event: event as Record<string, unknown> & { id: string },
    verification: `${fields.slice(0, -1)},"webhook_event":${raw}}`,
  };
}

/** What the job needs later, and nothing of the payer (an approved order's resource names them). */
export function minimalPayload(event: Record<string, unknown>): Record<string, unknown> {
  const resource = isRecord(event.resource) ? event.resource : {};
  const eventType = String(event.event_type);
  const related = isRecord(resource.supplementary_data) ? resource.supplementary_data.related_ids : undefined;
  const links = Array.isArray(resource.links) ? (resource.links as unknown[]).filter(isRecord) : [];
  const up = links.find((link) => link.rel === 'up' && typeof link.href === 'string');
  const refund = eventType === 'PAYMENT.CAPTURE.REFUNDED';
  const breakdown = isRecord(resource.seller_payable_breakdown) ? resource.seller_payable_breakdown : {};
  const total = isRecord(breakdown.total_refunded_amount) ? breakdown.total_refunded_amount : {};
  return {
    eventType,
    resourceId: text(resource.id),
    status: text(resource.status),
    orderId: eventType.startsWith('CHECKOUT.ORDER.')
      ? text(resource.id)
      : isRecord(related)
        ? text(related.order_id)
        : null,
    // A refund links "up" to the capture it refunds.
    captureId: refund && up ? (String(up.href).split('/').filter(Boolean).at(-1) ?? null) : null,
    // What the capture has had refunded in all once this refund was made (a partial one included).
    refundedTotal:
      refund && text(total.value) && text(total.currency_code)
        ? { value: text(total.value), currency_code: text(total.currency_code) }
        : null,
  };
}
