import type { PaymentSessionOpened, SubscriptionEvent } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

/**
 * The checkouts the shop opened at its providers, by the provider's session id: whose it is and
 * for which order. Only `PaymentSessionOpened` (and the order it belongs to) says so, so the
 * table is a projection, rebuilt from the log like the others.
 *
 * It is also applied inline: a checkout writes its row through `paymentSessionInlineWrite` in the
 * transaction that appends `PaymentSessionOpened` (on PostgreSQL), because the browser is sent to
 * the provider's page, which asks for the session, the moment the checkout answers. Both paths
 * build the row with `paymentSessionRow`, so the projector writing it again changes nothing and a
 * rebuild writes the same row.
 */
export const paymentSessionsProjection: Projection = {
  name: 'payment-sessions',
  // 2: created_at is the checkout's openedAt; it was the inline write's now() or the event's
  // recordedAt, whichever wrote first, so a rebuild changed almost every row.
  version: 2,
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
    const { subscriptionId, sessionId } = event.data;
    const userId =
      event.data.userId ??
      (
        (await trx(table('payment_session_orders')).where({ subscription_id: subscriptionId }).first('user_id')) as
          { user_id: string } | undefined
      )?.user_id;
    if (!userId) throw new Error(`No order ${subscriptionId} before its payment session ${sessionId}`);
    await trx(table('payment_sessions'))
      .insert(paymentSessionRow({ ...event.data, userId }))
      .onConflict('session_id')
      .ignore();
  },
};

/** A session as its `PaymentSessionOpened` says, with the customer whose checkout it is. */
export type OpenedPaymentSession = PaymentSessionOpened['data'] & { userId: string };

/**
 * The one definition of a session's row, for the projector and the inline write alike. Its time is
 * the event's `openedAt`, not `recordedAt`: the inline write runs inside the append, where the
 * event's recorded time (the insert's clock) is not known to the caller.
 */
export function paymentSessionRow(session: OpenedPaymentSession) {
  return {
    session_id: session.sessionId,
    provider: session.provider,
    subscription_id: session.subscriptionId,
    user_id: session.userId,
    created_at: session.openedAt,
  };
}

/** The projection's row as SQL for the checkout's own transaction (`$1` parameters, through the view). */
export function paymentSessionInlineWrite(session: OpenedPaymentSession): { sql: string; params: unknown[] } {
  const row = paymentSessionRow(session);
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO payment_sessions (${columns.join(', ')})
  VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) ON CONFLICT (session_id) DO NOTHING`,
    params: Object.values(row),
  };
}
