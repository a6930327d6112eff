import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fromDecimalAmount, toDecimalAmount } from './decimal-amount.js';
import type * as Payments from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

export const PAYSSION_DEFAULT_API_URL = 'https://sandbox.payssion.com';

/** Our order id at Payssion: the order (a UUID), then what tells this checkout from the order's others. */
const ORDER_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_[0-9a-f]{12}$/;
const REQUEST_TIMEOUT_MS = 20_000;

/** Payssion's states, in the shop's words; a state not listed here changes nothing. */
const STATE_OUTCOMES: Record<string, 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded'> = {
  completed: 'paid',
  // The money is still ours while a refund is under way or after one failed.
  refund_pending: 'paid',
  refund_failed: 'paid',
  failed: 'failed',
  rejected_by_bank: 'failed',
  error: 'failed',
  cancelled: 'canceled',
  cancelled_by_user: 'canceled',
  expired: 'expired',
  refunded: 'refunded',
  chargeback: 'refunded',
};

export interface PayssionProviderOptions {
  apiKey: string;
  secretKey: string;
  /** The payment method offered (Payssion's `pm_id`, e.g. `alipay_cn`). */
  pmId: string;
  /** Payssion's API base URL: its sandbox by default; a local stand-in in tests. */
  apiUrl?: string;
  publicUrl: string;
  clock: () => Date;
}

/** A payment as Payssion's API describes it (the fields the shop reads). */
export interface PayssionTransaction {
  transaction_id: string;
  order_id: string;
  pm_id?: string;
  amount: string;
  currency: string;
  state: string;
}

export class PayssionApiError extends Error {
  constructor(
    message: string,
    readonly resultCode: number | null,
    /** Payssion's own words for it ("invalid amount"), when it gave some. */
    readonly description = '',
  ) {
    super(message);
  }

  /** Payssion's result code and description, e.g. `407 invalid amount`. */
  get reason(): string {
    return [this.resultCode ?? '', this.description].join(' ').trim() || this.message;
  }
}

/** Payssion signs with the MD5 of the fields joined by `|`, its secret key last. */
export const payssionSignature = (fields: readonly string[]) =>
  createHash('md5').update(fields.join('|')).digest('hex');

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Payssion over its documented REST API (there is no maintained SDK): forms in, JSON out, every
 * request signed with `api_sig`. Its notifications are signed with `notify_sig`; the state they
 * name is only a hint, since a late or repeated one may be stale: the job asks Payssion for the
 * payment's details and acts on the state Payssion reports now.
 */
export class PayssionProvider implements Payments.PaymentProvider {
  readonly name = 'payssion' as const;
  private readonly apiUrl: string;

  constructor(private readonly options: PayssionProviderOptions) {
    this.apiUrl = (options.apiUrl ?? PAYSSION_DEFAULT_API_URL).replace(/\/+$/, '');
  }

  async createCheckout(request: Payments.CheckoutRequest): Promise<Payments.CheckoutSession> {
    const { apiKey, pmId, secretKey, publicUrl } = this.options;
    const orderId = `${request.subscriptionId}_${randomBytes(6).toString('hex')}`;
    const currency = request.currency.toUpperCase();
    const amount = toDecimalAmount(request.amountCents, currency);
    const answer = await this.call('payment/create', {
      api_key: apiKey,
      pm_id: pmId,
      amount,
      currency,
      description: request.description,
      order_id: orderId,
      // Payssion sends the browser back here whether the payment went through or not.
      return_url: request.successUrl.replaceAll('{SESSION_ID}', orderId),
      notify_url: `${publicUrl}/webhooks/payssion`,
      api_sig: payssionSignature([apiKey, pmId, amount, currency, orderId, secretKey]),
    });
    const redirectUrl = text(answer.redirect_url);
    if (!redirectUrl) throw new PayssionApiError(`Payssion created order ${orderId} without a redirect_url`, 200);
    return { sessionId: orderId, redirectUrl };
  }

  async checkSession(sessionId: string): Promise<Payments.PaymentOutcome> {
    if (!ORDER_ID.test(sessionId)) return { kind: 'ignored', reason: 'not a Payssion order id of ours' };
    const transaction = await this.details('', sessionId);
    return transaction ? this.outcome(transaction) : { kind: 'pending', subscriptionId: ORDER_ID.exec(sessionId)![1]! };
  }

  async verifyWebhook(rawBody: Buffer): Promise<Payments.VerifiedWebhook> {
    const form = new URLSearchParams(rawBody.toString('utf8'));
    const field = (name: string) => form.get(name) ?? '';
    const { apiKey, secretKey } = this.options;
    const expected = payssionSignature([
      apiKey,
      field('pm_id'),
      field('amount'),
      field('currency'),
      field('order_id'),
      field('state'),
      secretKey,
    ]);
    const given = Buffer.from(field('notify_sig').toLowerCase(), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) {
      throw new WebhookSignatureError('The Payssion notify_sig does not match');
    }
    const transactionId = field('transaction_id');
    if (!transactionId || !field('order_id') || !field('state')) {
      throw new WebhookSignatureError('A Payssion notification names its transaction, order and state');
    }
    // Each state of a payment is one notification: a repeat is a duplicate, a later state is new.
    return {
      providerEventId: `${transactionId}:${field('state')}`,
      payload: { transactionId, orderId: field('order_id'), state: field('state') },
    };
  }

  async interpretWebhook(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome[]> {
    const orderId = text(payload.orderId);
    if (!ORDER_ID.test(orderId)) return [{ kind: 'ignored', reason: `Payssion order ${orderId} is not one of ours` }];
    const transaction = await this.details(text(payload.transactionId), orderId);
    if (!transaction) return [{ kind: 'ignored', reason: `Payssion does not know order ${orderId}` }];
    return [this.outcome(transaction)];
  }

  /** The payment as Payssion reports it now; null when Payssion does not know it. */
  async details(transactionId: string, orderId: string): Promise<PayssionTransaction | null> {
    const { apiKey, secretKey } = this.options;
    try {
      const answer = await this.call('payment/details', {
        api_key: apiKey,
        transaction_id: transactionId,
        order_id: orderId,
        api_sig: payssionSignature([apiKey, transactionId, orderId, secretKey]),
      });
      const transaction = answer.transaction as Partial<PayssionTransaction> | undefined;
      if (!transaction || typeof transaction.state !== 'string' || typeof transaction.amount !== 'string') {
        throw new PayssionApiError('Payssion answered the details without a transaction', 200);
      }
      return transaction as PayssionTransaction;
    } catch (error) {
      // 412: invalid transaction id, Payssion's answer for a payment it does not have.
      if (error instanceof PayssionApiError && error.resultCode === 412) return null;
      throw error;
    }
  }

  /**
   * Gives back part or all of a payment (`POST /api/v1/refunds`: the payment's transaction id, a
   * decimal amount, its currency, `api_sig` = MD5 of `api_key|transaction_id|amount|currency|secret_key`).
   * The idempotency key goes as Payssion's `track_id`, our id for the refund. A `result_code` in the
   * 400s is Payssion refusing (an answer); anything else unusual is Payssion not answering (throws,
   * and the job asks again with the same key).
   */
  async refund(request: Payments.RefundRequest): Promise<Payments.RefundAnswer> {
    const { apiKey, secretKey } = this.options;
    const currency = request.currency.toUpperCase();
    const amount = toDecimalAmount(request.amountCents, currency);
    const transactionId = request.paymentReference;
    let answer: Record<string, unknown>;
    try {
      answer = await this.call('refunds', {
        api_key: apiKey,
        transaction_id: transactionId,
        amount,
        currency,
        track_id: request.idempotencyKey,
        api_sig: payssionSignature([apiKey, transactionId, amount, currency, secretKey]),
      });
    } catch (error) {
      if (
        error instanceof PayssionApiError &&
        error.resultCode !== null &&
        error.resultCode >= 400 &&
        error.resultCode < 500
      ) {
        return { failure: error.reason };
      }
      throw error;
    }
    const refund = answer.refund as { transaction_id?: unknown } | undefined;
    const refundId = text(refund?.transaction_id);
    if (!refundId) throw new PayssionApiError('Payssion answered the refund without its transaction id', 200);
    return { providerRefundId: refundId };
  }

  /** What a payment's current state means for the order; the order id says which order. */
  private outcome(transaction: PayssionTransaction): Payments.PaymentOutcome {
    const match = ORDER_ID.exec(text(transaction.order_id));
    if (!match) return { kind: 'ignored', reason: `Payssion order ${transaction.order_id} is not one of ours` };
    const subscriptionId = match[1]!;
    const sessionId = transaction.order_id;
    const kind = STATE_OUTCOMES[transaction.state];
    if (!kind) return { kind: 'pending', subscriptionId };
    if (kind !== 'paid' && kind !== 'refunded') return { kind, subscriptionId, sessionId };
    const currency = text(transaction.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) return { kind: 'ignored', reason: `Payssion order ${sessionId} has no currency` };
    const money = {
      subscriptionId,
      sessionId,
      paymentReference: text(transaction.transaction_id) || sessionId,
      amountCents: fromDecimalAmount(transaction.amount, currency),
      currency,
    };
    // A refund or chargeback ends the order even when the payment's own notification never came.
    return kind === 'paid'
      ? { kind, ...money, paidAt: this.options.clock() }
      : { kind, ...money, refundedAt: this.options.clock() };
  }

  /** One signed form POST; Payssion's `result_code` other than 200 is a PayssionApiError (never the keys). */
  private async call(
    action: 'payment/create' | 'payment/details' | 'refunds',
    fields: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.apiUrl}/api/v1/${action}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const resultCode = answer?.result_code === undefined ? null : Number(answer.result_code);
    if (!answer || resultCode !== 200) {
      const reason = text(answer?.description) || response.statusText;
      throw new PayssionApiError(
        `Payssion ${action}: ${resultCode ?? response.status} ${reason}`,
        resultCode,
        text(answer?.description),
      );
    }
    return answer;
  }
}
