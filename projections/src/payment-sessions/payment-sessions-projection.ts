import type { SubscriptionEvent } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

/**
 * The checkouts the shop opened at its providers, by the provider's session id: whose it is and
 * for which order. Only `PaymentSessionOpened` (and the order it belongs to) says so, so the
 * table is a projection, rebuilt from the log like the others.
 *
 * It is also applied inline: a checkout writes its row through `PAYMENT_SESSION_INLINE_SQL` in the
 * transaction that appends `PaymentSessionOpened` (on PostgreSQL), because the browser is sent to
 * the provider's page, which asks for the session, the moment the checkout answers. The projector
 * writing the same row again changes nothing.
 */
export const paymentSessionsProjection: Projection = {
  name: 'payment-sessions',
  version: 1,
  tables: {
    payment_sessions: (table) => {
      table.text('session_id').primary();
      table.text('provider').notNullable();
      table.text('subscription_id').notNullable().index();
      table.text('user_id').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
    },
    /** Whose each order is, for sessions recorded before their events named the customer. */
    payment_session_orders: (table) => {
      table.text('subscription_id').primary();
      table.text('user_id').notNullable();
    },
  },
  eventTypes: ['OrderPlaced', 'PaymentSessionOpened'] satisfies ReadonlyArray<SubscriptionEvent['type']>,
  apply: async (recorded, { trx, table }) => {
    const event = { type: recorded.type, data: recorded.data } as SubscriptionEvent;
    if (event.type === 'OrderPlaced') {
      await trx(table('payment_session_orders'))
        .insert({ subscription_id: event.data.subscriptionId, user_id: event.data.userId })
        .onConflict('subscription_id')
        .ignore();
      return;
    }
    if (event.type !== 'PaymentSessionOpened') return;
    const { subscriptionId, provider, sessionId } = event.data;
    const userId =
      event.data.userId ??
      (
        (await trx(table('payment_session_orders')).where({ subscription_id: subscriptionId }).first('user_id')) as
          { user_id: string } | undefined
      )?.user_id;
    if (!userId) throw new Error(`No order ${subscriptionId} before its payment session ${sessionId}`);
    await trx(table('payment_sessions'))
      .insert({
        session_id: sessionId,
        provider,
        subscription_id: subscriptionId,
        user_id: userId,
        created_at: recorded.recordedAt,
      })
      .onConflict('session_id')
      .ignore();
  },
};

/** The projection's row, written in the checkout's own transaction ($1 session, $2 provider, $3 order, $4 customer). */
export const PAYMENT_SESSION_INLINE_SQL = `INSERT INTO payment_sessions (session_id, provider, subscription_id, user_id, created_at)
  VALUES ($1, $2, $3, $4, now()) ON CONFLICT (session_id) DO NOTHING`;
