import type { Knex } from 'knex';

export interface PaymentSessionView {
  sessionId: string;
  provider: string;
  subscriptionId: string;
  userId: string;
}

interface SessionRow {
  session_id: string;
  provider: string;
  subscription_id: string;
  user_id: string;
}

const COLUMNS: Array<keyof SessionRow> = ['session_id', 'provider', 'subscription_id', 'user_id'];

const toView = (row: SessionRow): PaymentSessionView => ({
  sessionId: row.session_id,
  provider: row.provider,
  subscriptionId: row.subscription_id,
  userId: row.user_id,
});

/** A checkout the shop opened, by the provider's session id (and provider, when known). */
export async function findPaymentSession(
  knex: Knex,
  sessionId: string,
  provider?: string,
): Promise<PaymentSessionView | null> {
  const row = await knex('payment_sessions')
    .where({ session_id: sessionId, ...(provider ? { provider } : {}) })
    .first(COLUMNS);
  return row ? toView(row) : null;
}

/** A customer's checkouts at one provider, oldest first (the operator's payment sync). */
export async function paymentSessionsOfCustomer(
  knex: Knex,
  userId: string,
  provider: string,
): Promise<PaymentSessionView[]> {
  const rows = await knex('payment_sessions')
    .where({ user_id: userId, provider })
    .orderBy('created_at')
    .select(COLUMNS);
  return rows.map(toView);
}
