import {
  refundCountedOnItsDay,
  SUBSCRIPTION_EVENT_TYPES,
  type OrderPlaced,
  type RefundCounted,
  type SubscriptionEvent,
} from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import knexFactory, { type Knex } from 'knex';
import type { Projection } from '../runtime/projection.js';
import {
  applySubscriptionEvents,
  finishCustomerStanding,
  jsonOf,
  refreshStanding,
  type MoneyRowChange,
} from './subscriptions-batch.js';

/** Writes SQL only (no connection): index keys knex cannot name, such as a descending order with nulls last. */
const sql = knexFactory({ client: 'pg' });

/**
 * One row per subscription: what the profile page, the back-office and the expiry sweep read; and
 * one row per customer who ever ordered, their standing summed over their subscriptions, so that
 * the back-office sorts and filters its customers without adding up every subscription each time.
 */
export const subscriptionsProjection: Projection = {
  name: 'subscriptions',
  // 2: voided subscriptions (voided_at, void_reason); the back-office list's indexes; each
  // customer's standing (customer_standing). 3: the standing says whether the customer has any
  // subscription not voided, an order placed included (has_subscription, in place of has_expired
  // and first_active_expiry), for the seeds' "expired" segment. 4: renewals (renewed_cents, the
  // subscription_renewals table, last_payment_at), the customer's cancellation and refund request,
  // partial refunds (refunded_cents, partial_refunds, the subscription_refunds table). 5: automatic
  // renewal (auto_renew, payment_method, period_started_at, auto_renewal_for, renewal_failed_at,
  // renewal_retry_at, renewal_count) and who pays (billing_country, billing_company, billing_vat_number).
  // 6: a refund in full turns automatic renewal off (auto_renew), as the subscription's decider does;
  // when who pays was last said (billing_given_at), for the billing offered at the next checkout.
  // 7: the renewals customers ordered and have not paid (subscription_pending_renewals), for the
  // sweep; the payments whose refund the customer asked for (refund_requested_payments), for the
  // 7-day guarantee of each payment.
  version: 7,
  tables: {
    subscriptions: (table) => {
      table.uuid('id').primary();
      table.text('user_id').notNullable().index();
      // What every list, count and figure tests first, so that PostgreSQL reads it early in each
      // row: a scan of the subscriptions does not decode the whole (wide) row to learn it.
      table.text('status').notNullable();
      /** Set when the operator voided it: every list and figure leaves it out. */
      table.timestamp('voided_at', { useTz: true });
      table.timestamp('expires_at', { useTz: true });
      table.timestamp('paid_at', { useTz: true });
      table.integer('total_cents').notNullable();
      table.text('credentials_id');
      table.text('status_reason');
      table.text('plan_id').notNullable();
      table.text('plan_name').notNullable();
      table.integer('months').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.integer('monthly_price_cents').notNullable();
      table.integer('subtotal_cents').notNullable();
      table.integer('discount_percent').notNullable();
      table.integer('discount_cents').notNullable();
      table.text('currency').notNullable();
      table.text('promo_code');
      table.text('provider');
      table.text('payment_reference');
      table.integer('amount_paid_cents');
      /** What the renewals paid and kept (their refunds taken off): revenue beside total_cents. */
      table.integer('renewed_cents').notNullable().defaultTo(0);
      /** What went back of the order's and the renewals' payments partly refunded, and of the order given back after renewals (OrderRefunded). */
      table.integer('refunded_cents').notNullable().defaultTo(0);
      /** Those payments' refunded totals, by payment reference. */
      table.jsonb('partial_refunds');
      /** The payments (by reference) whose refund the customer asked for under the 7-day guarantee. */
      table.jsonb('refund_requested_payments');
      /** The latest payment, the order's or a renewal's: the 7-day guarantee runs from it. */
      table.timestamp('last_payment_at', { useTz: true });
      table.timestamp('customer_cancelled_at', { useTz: true });
      table.text('cancellation_reason');
      table.timestamp('refund_requested_at', { useTz: true });
      table.text('refund_reason');
      /** When the operator last refunded something: a request made before it is answered. */
      table.timestamp('refund_answered_at', { useTz: true });
      /** It renews itself: a payment method is kept and the customer has not cancelled since. */
      table.boolean('auto_renew').notNullable().defaultTo(false);
      /** The kept method as the customer knows it ("Visa •••• 4242"). */
      table.text('payment_method');
      /** When the paid period that ends at expires_at began: a charge is never due before. */
      table.timestamp('period_started_at', { useTz: true });
      /** The expiry the last automatic renewal was ordered for: none is ordered twice for one expiry. */
      table.timestamp('auto_renewal_for', { useTz: true });
      /** The last automatic charge declined for the current period, and when it is tried again. */
      table.timestamp('renewal_failed_at', { useTz: true });
      table.timestamp('renewal_retry_at', { useTz: true });
      /** Renewals paid, by hand or automatically. */
      table.integer('renewal_count').notNullable().defaultTo(0);
      /** Who pays, as the order or the latest renewal said (offered again at the next checkout). */
      table.text('billing_country');
      table.text('billing_company');
      table.text('billing_vat_number');
      /** When the order or the renewal that said who pays was placed: the customer's latest is offered. */
      table.timestamp('billing_given_at', { useTz: true });
      table.text('last_payment_issue');
      table.timestamp('credentials_assigned_at', { useTz: true });
      table.timestamp('cancelled_at', { useTz: true });
      table.timestamp('expired_at', { useTz: true });
      table.text('void_reason');
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.integer('stream_version').notNullable();
      table.index(['status', 'expires_at']);
      // The back-office's list: newest first, by status, by plan, waiting for credentials or not;
      // the dashboard's last 30 days of payments.
      table.index(['created_at']);
      table.index(['status', 'created_at']);
      table.index(['plan_id', 'created_at']);
      table.index(['credentials_id']);
      table.index(['paid_at']);
      // Its other sort orders, each ending with the id as the list does, so that a page is read
      // from an index instead of sorting every subscription; dates are sorted with the
      // subscriptions not yet paid last, either way.
      table.index(['status', 'id']);
      table.index(['plan_id', 'id']);
      table.index(['plan_name', 'id']);
      table.index(['months', 'id']);
      table.index(['total_cents', 'id']);
      table.index(['updated_at', 'id']);
      table.index(['expires_at', 'id']);
      table.index([sql.raw('paid_at DESC NULLS LAST'), sql.raw('id DESC')]);
      table.index([sql.raw('expires_at DESC NULLS LAST'), sql.raw('id DESC')]);
      // What the lists count and the dashboard adds up, read from this index alone (the rows
      // themselves are wide): the subscriptions not voided, by status, expiry and credentials.
      table.index(['status', 'expires_at', 'credentials_id'], undefined, { predicate: sql.whereNull('voided_at') });
      // The renewals sweep: the subscriptions that renew themselves, by expiry.
      table.index(['expires_at'], undefined, { predicate: sql.whereRaw('auto_renew') });
    },
    /** Each renewal paid: the months it added and when, what it cost; for the revenue by day and month. */
    subscription_renewals: (table) => {
      table.text('id').primary();
      table.uuid('subscription_id').notNullable().index();
      table.integer('months').notNullable();
      table.integer('amount_cents').notNullable();
      table.text('currency').notNullable();
      table.text('provider').notNullable();
      table.text('payment_reference').notNullable();
      table.timestamp('paid_at', { useTz: true }).notNullable().index();
      table.timestamp('starts_at', { useTz: true }).notNullable();
      table.timestamp('ends_at', { useTz: true }).notNullable();
      table.timestamp('refunded_at', { useTz: true });
    },
    /** Each renewal a customer ordered and has not paid nor seen given up: the sweep of pending orders gives it up in time. */
    subscription_pending_renewals: (table) => {
      table.text('id').primary();
      table.uuid('subscription_id').notNullable();
      table.timestamp('ordered_at', { useTz: true }).notNullable().index();
    },
    /** Each partial refund of a payment that counts as revenue, on its day (a full refund removes them). */
    subscription_refunds: (table) => {
      table.text('id').primary();
      table.uuid('subscription_id').notNullable().index();
      table.text('payment_reference').notNullable().index();
      table.integer('amount_cents').notNullable();
      table.timestamp('refunded_at', { useTz: true }).notNullable().index();
    },
    /**
     * What the back-office's customer list sorts and filters by, recomputed from the customer's
     * non-voided subscriptions whenever one of them changes in a way that counts. The segment is
     * still judged at the moment of asking (`accounts/user-segment.ts`): "with" when active_until
     * is ahead, "expired" when not but has_subscription, "without" otherwise.
     */
    customer_standing: (table) => {
      table.text('user_id').primary();
      /** Paid and not refunded: the profile's "total spent". */
      table.bigInteger('total_spent_cents').notNullable();
      /** The latest expiry among the subscriptions whose status is active. */
      table.timestamp('active_until', { useTz: true });
      /** One subscription, whatever its status (pending too), is not voided. */
      table.boolean('has_subscription').notNullable();
      table.index(['total_spent_cents', 'user_id']);
      table.index(['active_until']);
    },
  },
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  // One event is a batch of one: the same rules either way, a few statements per batch.
  apply: (recorded, context) => applySubscriptionEvents([recorded], context, HANDLERS),
  applyBatch: (events, context) => applySubscriptionEvents(events, context, HANDLERS),
  finishLoading: finishCustomerStanding,
};

/** The row an order placed creates. */
function orderRow(recorded: RecordedEvent) {
  const d = recorded.data as OrderPlaced['data'];
  return {
    id: d.subscriptionId,
    user_id: d.userId,
    plan_id: d.planId,
    plan_name: d.planName,
    months: d.months,
    status: 'pending',
    monthly_price_cents: d.monthlyPriceCents,
    subtotal_cents: d.subtotalCents,
    discount_percent: d.discountPercent,
    discount_cents: d.discountCents,
    total_cents: d.totalCents,
    currency: d.currency,
    promo_code: d.promoCode,
    provider: d.provider,
    created_at: d.placedAt,
    renewed_cents: 0,
    refunded_cents: 0,
    auto_renew: false,
    renewal_count: 0,
    billing_country: d.billing?.country ?? null,
    billing_company: d.billing?.companyName ?? null,
    billing_vat_number: d.billing?.vatNumber ?? null,
    billing_given_at: d.billing ? d.placedAt : null,
    updated_at: recorded.recordedAt,
    stream_version: recorded.streamVersion,
  };
}

/**
 * What moves a customer's standing: an order (a pending one is a subscription the customer has), a
 * payment, a refund, a status, a void. Credentials and payment attempts change nothing of it.
 */
const CHANGES_STANDING = new Set<SubscriptionEvent['type']>([
  'OrderPlaced',
  'PaymentConfirmed',
  'PaymentRefunded',
  'SubscriptionStatusChanged',
  'SubscriptionExpired',
  'SubscriptionVoided',
  'SubscriptionRenewed',
  'RenewalRefunded',
  'OrderRefunded',
  'PartialRefundRecorded',
]);

/**
 * Recomputes the standing of the customer of one subscription, or of every customer (filling a
 * generation at once), from their non-voided subscriptions: the same definitions as the
 * dashboard's, so the list and the figures agree. Idempotent, as a replay needs.
 */
export async function refreshCustomerStanding(
  trx: Knex | Knex.Transaction,
  tables: { subscriptions: string; customerStanding: string },
  of: { subscriptionId: string } | 'everyone',
): Promise<void> {
  const customers =
    of === 'everyone'
      ? trx.raw('SELECT DISTINCT user_id FROM ??', [tables.subscriptions])
      : trx.raw('SELECT user_id FROM ?? WHERE id = ?', [tables.subscriptions, of.subscriptionId]);
  await refreshStanding(trx, tables, customers);
}

const HANDLERS = { orderRow, changesFor, changesStanding: CHANGES_STANDING, moneyRows };

/**
 * The renewals paid, and the partial refunds of payments that count as revenue (the order's and
 * the renewals'), each on its day; a payment refunded in full takes its partial refunds away (the
 * whole payment then counts nothing). Beside them, the renewals ordered and not paid yet.
 */
function moneyRows(event: SubscriptionEvent): MoneyRowChange[] {
  switch (event.type) {
    case 'RenewalOrdered': {
      // An automatic renewal's charge has retries of its own: it is never given up as unpaid.
      if (event.data.automatic) return [];
      const { renewalId, subscriptionId, orderedAt } = event.data;
      return [
        {
          table: 'subscription_pending_renewals',
          insert: { id: renewalId, subscription_id: subscriptionId, ordered_at: orderedAt },
        },
      ];
    }
    case 'RenewalAbandoned':
      return [{ table: 'subscription_pending_renewals', remove: { id: event.data.renewalId } }];
    case 'SubscriptionRenewed': {
      const d = event.data;
      return [
        { table: 'subscription_pending_renewals', remove: { id: d.renewalId } },
        {
          table: 'subscription_renewals',
          insert: {
            id: d.renewalId,
            subscription_id: d.subscriptionId,
            months: d.months,
            amount_cents: d.amountCents,
            currency: d.currency,
            provider: d.provider,
            payment_reference: d.paymentReference,
            paid_at: d.paidAt,
            starts_at: d.from,
            ends_at: d.to,
          },
        },
      ];
    }
    case 'RenewalRefunded':
      return [
        {
          table: 'subscription_renewals',
          setOnce: { where: { id: event.data.renewalId }, column: 'refunded_at', value: event.data.refundedAt },
        },
        { table: 'subscription_refunds', remove: { payment_reference: event.data.paymentReference } },
      ];
    case 'PaymentRefunded':
      return [{ table: 'subscription_refunds', remove: { payment_reference: event.data.paymentReference } }];
    case 'PartialRefundRecorded':
    case 'OrderRefunded': {
      // What went back on its day: part of a payment, or the rest of the order's given back after
      // renewals (the order's payment then counts nothing, as a payment refunded in part counts what is left).
      const counted = refundCountedOnItsDay(event);
      return counted ? [refundRow(counted)] : [];
    }
    default:
      return [];
  }
}

/** What an event changes in its subscription's row, given the row as it stands. */
function changesFor(
  event: Exclude<SubscriptionEvent, { type: 'OrderPlaced' }>,
  row: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  switch (event.type) {
    case 'PaymentConfirmed':
      return {
        status: 'active',
        // An order given up as abandoned and paid after all is no longer cancelled.
        ...(row.status_reason === 'abandoned' ? { status_reason: null, cancelled_at: null } : {}),
        provider: event.data.provider,
        payment_reference: event.data.paymentReference,
        amount_paid_cents: event.data.amountCents,
        paid_at: event.data.paidAt,
        last_payment_at: event.data.paidAt,
        expires_at: event.data.expiresAt,
        period_started_at: event.data.paidAt,
        last_payment_issue: null,
      };
    case 'RenewalOrdered':
      return {
        ...(event.data.automatic ? { auto_renewal_for: event.data.automatic.forExpiry } : {}),
        ...(event.data.billing
          ? {
              billing_country: event.data.billing.country,
              billing_company: event.data.billing.companyName,
              billing_vat_number: event.data.billing.vatNumber,
              billing_given_at: event.data.orderedAt,
            }
          : {}),
      };
    case 'AutoRenewalEnabled':
      return {
        auto_renew: true,
        payment_method: event.data.methodLabel,
        customer_cancelled_at: null,
        cancellation_reason: null,
      };
    case 'RenewalChargeFailed':
      return { renewal_failed_at: event.data.failedAt, renewal_retry_at: event.data.nextAttemptAt };
    case 'SubscriptionRenewed':
      return {
        status: 'active',
        expires_at: event.data.to,
        period_started_at: event.data.from,
        expired_at: null,
        last_payment_at: event.data.paidAt,
        renewed_cents: Number(row.renewed_cents ?? 0) + event.data.amountCents,
        renewal_count: Number(row.renewal_count ?? 0) + 1,
        renewal_failed_at: null,
        renewal_retry_at: null,
        last_payment_issue: null,
      };
    case 'RenewalRefunded': {
      // The renewal counts nothing any more: neither its payment nor what went back of it before.
      const { [event.data.paymentReference]: _before, ...partial } = partialRefunds(row);
      const renewalOff = {
        expires_at: event.data.expiresAt,
        period_started_at: null,
        renewed_cents: Number(row.renewed_cents ?? 0) - event.data.amountCents,
      };
      // The last money kept went back: it ends as a payment refunded in full ends it.
      if (event.data.ends) return { ...renewalOff, ...refundedInFull(event.data.refundedAt) };
      return { ...renewalOff, ...refundColumns(partial) };
    }
    case 'OrderRefunded': {
      // The subscription runs on its renewals: the order's months come off, its whole payment counts
      // as refunded (a refund of it in part counts the same way).
      const partial = { ...partialRefunds(row), [event.data.paymentReference]: event.data.amountCents };
      return { expires_at: event.data.expiresAt, period_started_at: null, ...refundColumns(partial) };
    }
    case 'SubscriptionCancellationRecorded':
      // Nothing renews any more: no charge is tried again either.
      return {
        customer_cancelled_at: event.data.cancelledAt,
        cancellation_reason: event.data.reason,
        auto_renew: false,
        renewal_retry_at: null,
      };
    case 'RefundRequested':
      return {
        refund_requested_at: event.data.requestedAt,
        refund_reason: event.data.reason,
        refund_requested_payments: JSON.stringify([
          ...jsonOf<string[]>(row.refund_requested_payments, []),
          event.data.paymentReference,
        ]),
      };
    case 'PartialRefundRecorded': {
      if (event.data.kind === 'extra') return {};
      const partial = { ...partialRefunds(row), [event.data.paymentReference]: event.data.refundedTotalCents };
      return refundColumns(partial);
    }
    case 'RefundInitiated':
      // The operator answered the customer's request, if one was waiting.
      return { refund_answered_at: event.data.initiatedAt };
    case 'RefundSettled':
    case 'RefundFailed':
      return {};
    case 'PaymentDisputed':
      return { last_payment_issue: 'disputed' };
    case 'PaymentMismatchRecorded':
      return { last_payment_issue: 'amount_mismatch' };
    case 'ExtraPaymentRecorded':
      return { last_payment_issue: 'paid_twice' };
    case 'ExtraPaymentRefunded':
      return { last_payment_issue: null };
    case 'CredentialsAssigned':
      return { credentials_id: event.data.credentialsId, credentials_assigned_at: event.data.assignedAt };
    case 'SubscriptionStatusChanged':
      return {
        status: event.data.to,
        status_reason: event.data.reason,
        ...(event.data.to === 'cancelled' ? { cancelled_at: event.data.changedAt } : {}),
        ...(event.data.to === 'expired' ? { expired_at: event.data.changedAt } : {}),
      };
    case 'SubscriptionExpired':
      return { status: 'expired', expired_at: event.data.expiredAt };
    case 'OrderAbandoned':
      return { status: 'cancelled', status_reason: 'abandoned', cancelled_at: event.data.abandonedAt };
    case 'RenewalAbandoned':
      // The subscription runs on as it was: only its list of pending renewals changes.
      return {};
    case 'PaymentSessionOpened':
      return { provider: event.data.provider, last_payment_issue: null };
    case 'PaymentAttemptFailed':
      return { last_payment_issue: `payment_${event.data.reason}` };
    case 'PaymentRefunded':
      return refundedInFull(event.data.refundedAt);
    case 'SubscriptionVoided':
      return { voided_at: event.data.voidedAt, void_reason: event.data.reason };
  }
}

/** A subscription whose money all went back: it ends, renews itself no more, and none of its payments counts any more. */
const refundedInFull = (refundedAt: string) => ({
  status: 'cancelled' as const,
  status_reason: 'refunded',
  cancelled_at: refundedAt,
  auto_renew: false,
  renewal_retry_at: null,
  ...refundColumns({}),
});

/** The row of money that went back on its day (`subscription_refunds`), one per refunded total of a payment. */
const refundRow = (counted: RefundCounted): MoneyRowChange => ({
  table: 'subscription_refunds',
  insert: {
    id: `${counted.paymentReference}:${counted.refundedTotalCents}`,
    subscription_id: counted.subscriptionId,
    payment_reference: counted.paymentReference,
    amount_cents: counted.cents,
    refunded_at: counted.refundedAt,
  },
});

/** Each payment's refunded total so far, of those partly refunded, as the row keeps it. */
const partialRefunds = (row: Readonly<Record<string, unknown>>) =>
  jsonOf<Record<string, number>>(row.partial_refunds, {});

/** The row's partly refunded payments and, beside them, what went back of them all. */
const refundColumns = (partial: Record<string, number>) => ({
  partial_refunds: JSON.stringify(partial),
  refunded_cents: Object.values(partial).reduce((sum, cents) => sum + cents, 0),
});
