/**
 * A TEST DOUBLE for Payssion's API servers, which cannot be reached from our test machines. It is
 * a small local HTTP server answering the three calls the shop makes (create a payment, ask for its
 * details, refund it in part or in full) as Payssion documents them: signed forms in (`api_sig`),
 * JSON out with a `result_code`. A refund never goes beyond what is left of the payment, and a
 * repeated `track_id` is answered with the first refund (the shop's idempotency key travels there).
 * A payment refunded in full turns `refunded`; a partial refund leaves it `completed`.
 * Its payment page has a Pay and a Cancel button which, like Payssion, notify the shop with a
 * signed form (`notify_sig`) and send the browser back to the `return_url`. Tests use it to play
 * the customer's and Payssion's side (pay, fail, refund, a changed amount, stale notifications).
 * It is not Payssion: it takes no money and knows no payment method.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLoopback, listenOnLoopback } from './loopback-server.js';

export type PayssionState =
  | 'pending'
  | 'completed'
  | 'paid_partial'
  | 'awaiting_confirm'
  | 'failed'
  | 'cancelled_by_user'
  | 'rejected_by_bank'
  | 'expired'
  | 'refunded'
  | 'chargeback';

export interface PayssionStandInTransaction {
  transaction_id: string;
  order_id: string;
  pm_id: string;
  amount: string;
  currency: string;
  description: string;
  state: PayssionState;
  return_url: string;
  notify_url: string;
}

export interface PayssionStandInRefund {
  transaction_id: string;
  original_transaction_id: string;
  track_id: string;
  amount: string;
  currency: string;
  state: 'refunded';
}

export interface PayssionStandIn {
  /** The API base URL to give the shop as PAYSSION_API_URL. */
  url: string;
  apiKey: string;
  secretKey: string;
  pmId: string;
  /** The settings that point a shop at this stand-in. */
  shopEnv: Record<string, string>;
  /** Every API call, as the form fields it carried. */
  requests: Array<{ path: string; fields: Record<string, string> }>;
  /** The payment the shop opened with this order id. */
  byOrder(orderId: string): PayssionStandInTransaction | undefined;
  setState(orderId: string, state: PayssionState): void;
  /** As if the customer had paid another amount than the one asked (the shop must notice). */
  setAmount(orderId: string, amount: string): void;
  /** The refunds made of the order's payment, oldest first. */
  refundsOf(orderId: string): PayssionStandInRefund[];
  /** The form Payssion posts to the notify_url for this payment, in its current state or `state`, signed. */
  notification(orderId: string, state?: PayssionState): string;
  close(): Promise<void>;
}

const md5 = (fields: string[]) => createHash('md5').update(fields.join('|')).digest('hex');

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const json = (res: ServerResponse, body: Record<string, unknown>) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Payssion's error answer: HTTP 200 with a result code (402 bad signature, 412 unknown transaction, 413 repeated order). */
const refuse = (res: ServerResponse, resultCode: number, description: string) =>
  json(res, { result_code: resultCode, description });

export async function startPayssionStandIn(
  options: { apiKey?: string; secretKey?: string; pmId?: string } = {},
): Promise<PayssionStandIn> {
  const apiKey = options.apiKey ?? 'sandbox_standin0123456789';
  const secretKey = options.secretKey ?? 'standInSecretKey0123456789abcdef';
  const pmId = options.pmId ?? 'payssion_test';
  const transactions = new Map<string, PayssionStandInTransaction>();
  const requests: PayssionStandIn['requests'] = [];
  const refunds: PayssionStandInRefund[] = [];
  let baseUrl = '';

  const byOrder = (orderId: string) => [...transactions.values()].find((t) => t.order_id === orderId);
  const existing = (orderId: string) => {
    const transaction = byOrder(orderId);
    if (!transaction) throw new Error(`The Payssion stand-in has no payment for order ${orderId}`);
    return transaction;
  };
  const view = (t: PayssionStandInTransaction) => ({
    transaction_id: t.transaction_id,
    order_id: t.order_id,
    pm_id: t.pm_id,
    amount: t.amount,
    currency: t.currency,
    state: t.state,
  });
  const notification = (orderId: string, state?: PayssionState) => {
    const t = existing(orderId);
    const s = state ?? t.state;
    return new URLSearchParams({
      app_name: 'stand-in',
      pm_id: t.pm_id,
      transaction_id: t.transaction_id,
      order_id: t.order_id,
      amount: t.amount,
      paid: s === 'completed' ? t.amount : '0.00',
      currency: t.currency,
      description: t.description,
      state: s,
      notify_sig: md5([apiKey, t.pm_id, t.amount, t.currency, t.order_id, s, secretKey]),
    }).toString();
  };

  function create(res: ServerResponse, f: Record<string, string>) {
    const { pm_id = '', amount = '', currency = '', order_id = '' } = f;
    if (f.api_sig !== md5([apiKey, pm_id, amount, currency, order_id, secretKey])) {
      return refuse(res, 402, 'invalid api signature');
    }
    if (!/^\d+\.\d{2}$/.test(amount)) return refuse(res, 407, 'invalid amount');
    if (!/^[A-Z]{3}$/.test(currency)) return refuse(res, 406, 'invalid currency');
    if (!order_id) return refuse(res, 400, 'invalid parameter: order_id');
    if (byOrder(order_id)) return refuse(res, 413, 'repeated order');
    const transaction: PayssionStandInTransaction = {
      transaction_id: `T${randomBytes(8).toString('hex').toUpperCase()}`,
      order_id,
      pm_id,
      amount,
      currency,
      description: f.description ?? '',
      state: 'pending',
      return_url: f.return_url ?? '',
      notify_url: f.notify_url ?? '',
    };
    transactions.set(transaction.transaction_id, transaction);
    json(res, {
      result_code: 200,
      transaction: view(transaction),
      redirect_url: `${baseUrl}/pay/${transaction.transaction_id}`,
    });
  }

  function details(res: ServerResponse, f: Record<string, string>) {
    const { transaction_id = '', order_id = '' } = f;
    if (f.api_sig !== md5([apiKey, transaction_id, order_id, secretKey])) {
      return refuse(res, 402, 'invalid api signature');
    }
    const transaction = transaction_id ? transactions.get(transaction_id) : byOrder(order_id);
    if (!transaction || (order_id && transaction.order_id !== order_id)) {
      return refuse(res, 412, 'invalid transaction id');
    }
    json(res, { result_code: 200, transaction: view(transaction) });
  }

  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const refundsOf = (transactionId: string) => refunds.filter((r) => r.original_transaction_id === transactionId);

  function refund(res: ServerResponse, f: Record<string, string>) {
    const { transaction_id = '', amount = '', currency = '', track_id = '' } = f;
    if (f.api_sig !== md5([apiKey, transaction_id, amount, currency, secretKey])) {
      return refuse(res, 402, 'invalid api signature');
    }
    const transaction = transactions.get(transaction_id);
    if (!transaction) return refuse(res, 412, 'invalid transaction id');
    // The same track id again is the same refund.
    const repeated = track_id ? refunds.find((r) => r.track_id === track_id) : undefined;
    if (repeated) return json(res, { result_code: 200, refund: repeated });
    if (transaction.state !== 'completed')
      return refuse(res, 400, `transaction is ${transaction.state}: not refundable`);
    if (currency !== transaction.currency) return refuse(res, 406, 'invalid currency');
    if (!/^\d+\.\d{2}$/.test(amount) || cents(amount) <= 0) return refuse(res, 407, 'invalid amount');
    const refunded = refundsOf(transaction_id).reduce((sum, r) => sum + cents(r.amount), 0);
    const left = cents(transaction.amount) - refunded;
    if (cents(amount) > left) return refuse(res, 407, 'invalid amount: more than is left to refund');
    const made: PayssionStandInRefund = {
      transaction_id: `R${randomBytes(8).toString('hex').toUpperCase()}`,
      original_transaction_id: transaction_id,
      track_id,
      amount,
      currency,
      state: 'refunded',
    };
    refunds.push(made);
    if (cents(amount) === left) transaction.state = 'refunded';
    json(res, { result_code: 200, refund: made });
  }

  /** The page the customer is sent to; its buttons notify the shop, then go back to the return_url. */
  function page(res: ServerResponse, t: PayssionStandInTransaction) {
    const open = t.state === 'pending';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payssion stand-in</title></head>
<body><h1>Payssion stand-in</h1><p>${escapeHtml(t.description)}</p><p><strong>${t.amount} ${t.currency}</strong></p>
${open ? `<form method="post"><button name="action" value="pay">Pay</button><button name="action" value="cancel">Cancel</button></form>` : '<p>Done.</p>'}
</body></html>`);
  }

  async function decide(res: ServerResponse, t: PayssionStandInTransaction, action: string) {
    if (t.state === 'pending') {
      t.state = action === 'pay' ? 'completed' : 'cancelled_by_user';
      if (t.notify_url) {
        await fetch(t.notify_url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: notification(t.order_id),
        });
      }
    }
    res.writeHead(303, { Location: t.return_url });
    res.end();
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const fields = req.method === 'POST' ? await readForm(req) : {};
      const pay = /^\/pay\/([A-Z0-9]+)$/.exec(url.pathname);
      if (pay) {
        const transaction = transactions.get(pay[1]!);
        if (!transaction) return res.writeHead(404).end('No such payment');
        return req.method === 'POST' ? await decide(res, transaction, fields.action ?? '') : page(res, transaction);
      }
      requests.push({ path: url.pathname, fields });
      if (req.method !== 'POST') return refuse(res, 420, 'invalid request method');
      if (fields.api_key !== apiKey) return refuse(res, 401, 'invalid api key');
      if (url.pathname === '/api/v1/payment/create') return create(res, fields);
      if (url.pathname === '/api/v1/payment/details') return details(res, fields);
      if (url.pathname === '/api/v1/refunds') return refund(res, fields);
      refuse(res, 503, 'service not found');
    } catch (error) {
      refuse(res, 500, (error as Error).message);
    }
  });
  baseUrl = await listenOnLoopback(server);

  return {
    url: baseUrl,
    apiKey,
    secretKey,
    pmId,
    shopEnv: {
      PAYSSION_API_KEY: apiKey,
      PAYSSION_SECRET_KEY: secretKey,
      PAYSSION_PM_ID: pmId,
      PAYSSION_API_URL: baseUrl,
    },
    requests,
    byOrder,
    setState: (orderId, state) => void (existing(orderId).state = state),
    setAmount: (orderId, amount) => void (existing(orderId).amount = amount),
    refundsOf: (orderId) => refundsOf(existing(orderId).transaction_id),
    notification,
    close: () => closeLoopback(server),
  };
}
