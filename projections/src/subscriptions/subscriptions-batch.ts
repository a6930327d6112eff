import type { SubscriptionEvent } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import type { ProjectionContext } from '../runtime/projection.js';

/**
 * The subscriptions projection's batch apply: the rows a batch touches are read once, every event
 * is folded into them in memory by the same rules as the per-event handlers (an order placed
 * inserts a row unless it exists; any other event changes a row only when it is newer than the
 * row's stream version), and the rows that changed are written back with one statement. The
 * standing of the customers concerned is then recomputed once, instead of after each event.
 */

type Row = Record<string, unknown> & { id: string; user_id: string; stream_version: number };

/**
 * A jsonb column's value: the document as PostgreSQL hands it back, or the JSON string it is folded
 * in (and written back) as; `empty` when there is none.
 */
export function jsonOf<T>(value: unknown, empty: T): T {
  if (!value) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * A change to the rows of the money tables beside the subscriptions (renewals, partial refunds):
 * a row inserted once, a column set on a row where it is still null, or rows deleted.
 */
export type MoneyRowChange = { table: string } & (
  | { insert: Record<string, unknown> & { id: string } }
  | { setOnce: { where: Record<string, unknown>; column: string; value: unknown } }
  | { remove: Record<string, unknown> }
);

export interface SubscriptionHandlers {
  orderRow: (recorded: RecordedEvent) => Row;
  changesFor: (event: Exclude<SubscriptionEvent, { type: 'OrderPlaced' }>, row: Row) => Record<string, unknown>;
  changesStanding: ReadonlySet<SubscriptionEvent['type']>;
  moneyRows: (event: SubscriptionEvent) => MoneyRowChange[];
}

export async function applySubscriptionEvents(
  events: readonly RecordedEvent[],
  { trx, table, loading }: ProjectionContext,
  handlers: SubscriptionHandlers,
): Promise<void> {
  const subscriptions = table('subscriptions');
  const ids = new Set<string>();
  for (const recorded of events) {
    const id = (recorded.data as { subscriptionId?: unknown }).subscriptionId;
    // What the per-event handlers refuse, the batch refuses: the runtime then applies its
    // events one by one and parks the one that fails.
    if (typeof id !== 'string') throw new Error(`${recorded.type} at ${recorded.globalPosition} has no subscriptionId`);
    ids.add(id);
  }
  // As JSON, so that every value (timestamps to the microsecond) goes back exactly as read.
  const { rows: existing } = await trx.raw<{ rows: Array<{ row: Row }> }>(
    'SELECT row_to_json(s) AS row FROM ?? s WHERE s.id = ANY (?::uuid[])',
    [subscriptions, [...ids]],
  );
  const rows = new Map<string, Row>(existing.map(({ row }) => [row.id, row]));
  const changed = new Set<Row>();
  const standing = new Set<string>();
  const money: MoneyRowChange[] = [];
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as SubscriptionEvent;
    money.push(...handlers.moneyRows(event));
    const id = event.data.subscriptionId;
    const row = rows.get(id);
    if (event.type === 'OrderPlaced') {
      const placed = row ?? handlers.orderRow(recorded);
      if (!row) {
        rows.set(id, placed);
        changed.add(placed);
      }
      if (handlers.changesStanding.has(event.type)) standing.add(placed.user_id);
      continue;
    }
    if (row && row.stream_version < recorded.streamVersion) {
      for (const [column, value] of Object.entries(handlers.changesFor(event, row))) {
        if (value !== undefined) row[column] = value;
      }
      row.updated_at = recorded.recordedAt;
      row.stream_version = recorded.streamVersion;
      changed.add(row);
    }
    // As the per-event handler: the standing is recomputed even when the event was already applied.
    if (row && handlers.changesStanding.has(event.type)) standing.add(row.user_id);
  }
  if (changed.size > 0) await upsertRows(trx, subscriptions, [...changed]);
  if (money.length > 0) await writeMoneyRows(trx, table, money);
  if (standing.size === 0) return;
  const customerStanding = table('customer_standing');
  if (loading) {
    // The customers' rows now; their figures once the load is over (finishCustomerStanding), in
    // one grouped pass over the subscriptions: without the user_id index, which is built after
    // the load, a look-up per customer would read the whole table.
    await trx.raw(
      `INSERT INTO ?? (user_id, total_spent_cents, has_subscription)
       SELECT unnest(?::text[]), 0, false ON CONFLICT (user_id) DO NOTHING`,
      [customerStanding, [...standing]],
    );
    return;
  }
  await refreshStanding(trx, { subscriptions, customerStanding }, [...standing]);
}

/** The money tables' changes, in the log's order; each is idempotent (a replay changes nothing). */
async function writeMoneyRows(
  trx: Knex.Transaction,
  table: ProjectionContext['table'],
  changes: MoneyRowChange[],
): Promise<void> {
  for (const change of changes) {
    const name = table(change.table);
    if ('insert' in change) await trx(name).insert(change.insert).onConflict('id').ignore();
    else if ('setOnce' in change) {
      const { where, column, value } = change.setOnce;
      await trx(name)
        .where(where)
        .whereNull(column)
        .update({ [column]: value });
    } else await trx(name).where(change.remove).delete();
  }
}

/** Each physical table's columns but the id, in order (a generation's tables do not change). */
const columnsOf = new Map<string, string[]>();

async function upsertRows(trx: Knex.Transaction, tableName: string, rows: Row[]): Promise<void> {
  let columns = columnsOf.get(tableName);
  if (!columns) {
    const { rows: found } = await trx.raw<{ rows: Array<{ name: string }> }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id'
        ORDER BY attnum`,
      [tableName],
    );
    columns = found.map((column) => column.name);
    columnsOf.set(tableName, columns);
  }
  const list = columns.map((column) => trx.raw('??', [column]).toQuery()).join(', ');
  const excluded = columns.map((column) => trx.raw('excluded.??', [column]).toQuery()).join(', ');
  // One statement and one parameter whatever the batch's size; a column a row lacks is null.
  await trx.raw(
    `INSERT INTO ?? SELECT * FROM json_populate_recordset(NULL::??, ?::json)
     ON CONFLICT (id) DO UPDATE SET (${list}) = ROW(${excluded})`,
    [tableName, tableName, JSON.stringify(rows)],
  );
}

/** The figures of the customer standing: the same definitions as the dashboard's. */
const STANDING_FIGURES = `
  sum(s.total_cents + s.renewed_cents - s.refunded_cents) FILTER (WHERE s.voided_at IS NULL AND s.paid_at IS NOT NULL AND s.status_reason IS DISTINCT FROM 'refunded') AS spent,
  max(s.expires_at) FILTER (WHERE s.voided_at IS NULL AND s.status = 'active') AS active_until,
  bool_or(s.voided_at IS NULL) AS has_subscription`;

/**
 * Recomputes the standing of some customers, or of every customer (filling a generation at once),
 * from their non-voided subscriptions. Idempotent, as a replay needs.
 */
export async function refreshStanding(
  trx: Knex | Knex.Transaction,
  tables: { subscriptions: string; customerStanding: string },
  of: readonly string[] | Knex.Raw,
): Promise<void> {
  const customers = Array.isArray(of) ? trx.raw('SELECT unnest(?::text[]) AS user_id', [of]) : (of as Knex.Raw);
  await trx.raw(
    `INSERT INTO ?? AS c (user_id, total_spent_cents, active_until, has_subscription)
     SELECT u.user_id, coalesce(f.spent, 0), f.active_until, coalesce(f.has_subscription, false)
       FROM (?) u
       CROSS JOIN LATERAL (
         SELECT ${STANDING_FIGURES}
           -- Voided ones are left out in the sums, not in the WHERE: the customer's subscriptions
           -- are then found by the user_id index alone, whatever the table's statistics say.
           FROM ?? s
          WHERE s.user_id = u.user_id
       ) f
     ON CONFLICT (user_id) DO UPDATE SET
       total_spent_cents = excluded.total_spent_cents,
       active_until = excluded.active_until,
       has_subscription = excluded.has_subscription`,
    [tables.customerStanding, customers, tables.subscriptions],
  );
}

/**
 * After a rebuild's load: the figures of every customer row the load created, from one pass over
 * the subscriptions (no index needed). The rows are written afresh rather than updated in place.
 */
export async function finishCustomerStanding({ trx, table }: ProjectionContext): Promise<void> {
  const customerStanding = table('customer_standing');
  await trx.raw('CREATE TEMPORARY TABLE customers_loaded ON COMMIT DROP AS SELECT user_id FROM ??', [customerStanding]);
  await trx.raw('TRUNCATE ??', [customerStanding]);
  await trx.raw(
    `INSERT INTO ?? (user_id, total_spent_cents, active_until, has_subscription)
     SELECT f.user_id, coalesce(f.spent, 0), f.active_until, coalesce(f.has_subscription, false)
       FROM (SELECT s.user_id, ${STANDING_FIGURES} FROM ?? s GROUP BY s.user_id) f
       JOIN customers_loaded USING (user_id)`,
    [customerStanding, table('subscriptions')],
  );
}
