import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import type { Projection } from '../runtime/projection.js';

/** One row per subscription: what the profile page, the back-office and the expiry sweep read. */
export const subscriptionsProjection: Projection = {
  name: 'subscriptions',
  version: 1,
  tables: {
    subscriptions: (table) => {
      table.uuid('id').primary();
      table.text('user_id').notNullable().index();
      table.text('plan_id').notNullable();
      table.text('plan_name').notNullable();
      table.integer('months').notNullable();
      table.text('status').notNullable();
      table.integer('monthly_price_cents').notNullable();
      table.integer('subtotal_cents').notNullable();
      table.integer('discount_percent').notNullable();
      table.integer('discount_cents').notNullable();
      table.integer('total_cents').notNullable();
      table.text('currency').notNullable();
      table.text('promo_code');
      table.text('provider');
      table.text('payment_reference');
      table.integer('amount_paid_cents');
      table.text('last_payment_issue');
      table.text('credentials_id');
      table.text('status_reason');
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('paid_at', { useTz: true });
      table.timestamp('expires_at', { useTz: true });
      table.timestamp('credentials_assigned_at', { useTz: true });
      table.timestamp('cancelled_at', { useTz: true });
      table.timestamp('expired_at', { useTz: true });
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.integer('stream_version').notNullable();
      table.index(['status', 'expires_at']);
    },
  },
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  apply: async (recorded, { trx, table }) => {
    const event = { type: recorded.type, data: recorded.data } as SubscriptionEvent;
    const subscriptions = table('subscriptions');
    if (event.type === 'OrderPlaced') {
      const d = event.data;
      await trx(subscriptions)
        .insert({
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
          updated_at: recorded.recordedAt,
          stream_version: recorded.streamVersion,
        })
        .onConflict('id')
        .ignore();
      return;
    }
    const changes = changesFor(event);
    await updateInOrder(trx, subscriptions, recorded, event.data.subscriptionId, changes);
  },
};

function changesFor(event: Exclude<SubscriptionEvent, { type: 'OrderPlaced' }>): Record<string, unknown> {
  switch (event.type) {
    case 'PaymentConfirmed':
      return {
        status: 'active',
        provider: event.data.provider,
        payment_reference: event.data.paymentReference,
        amount_paid_cents: event.data.amountCents,
        paid_at: event.data.paidAt,
        expires_at: event.data.expiresAt,
        last_payment_issue: null,
      };
    case 'PaymentMismatchRecorded':
      return { last_payment_issue: 'amount_mismatch' };
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
    case 'PaymentSessionOpened':
      return { provider: event.data.provider, last_payment_issue: null };
    case 'PaymentAttemptFailed':
      return { last_payment_issue: `payment_${event.data.reason}` };
    case 'PaymentRefunded':
      return { status: 'cancelled', status_reason: 'refunded', cancelled_at: event.data.refundedAt };
  }
}

/** Applies a change only if it is newer than what the row holds: replaying an event changes nothing. */
async function updateInOrder(
  trx: Knex.Transaction,
  tableName: string,
  recorded: RecordedEvent,
  subscriptionId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await trx(tableName)
    .where({ id: subscriptionId })
    .andWhere('stream_version', '<', recorded.streamVersion)
    .update({ ...changes, updated_at: recorded.recordedAt, stream_version: recorded.streamVersion });
}
