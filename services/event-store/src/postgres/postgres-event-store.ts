import pg from 'pg';
import { AppendSignal } from '../append-signal.js';
import { ConcurrencyError, EventStoreError } from '../errors.js';
import { prepareEvent } from '../prepared-event.js';
import type * as Port from '../types.js';
import { createUpcasterRegistry, type UpcasterRegistry } from '../upcasting.js';
import {
  AppendGroups,
  answerOf,
  callAppend,
  RetryableAppend,
  toRetryable,
  type AppendRequest,
} from './append-groups.js';
import { migrateEventStore } from './schema.js';

export const NOTIFY_CHANNEL = 'es_events';
const MAX_ANY_VERSION_RETRIES = 10;
/** Bounds one group's statement (and its locks' hold time); a larger single append goes alone. */
const MAX_EVENTS_PER_GROUP = 1_000;

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  upcasters?: readonly Port.Upcaster[];
  /**
   * Wake readers with LISTEN/NOTIFY on a dedicated connection. Off for servers that cannot
   * deliver notifications across connections (the embedded PGlite); readers then rely on
   * in-process wake-ups and polling.
   */
  listen?: boolean;
  /** Create the table on first use. */
  migrate?: boolean;
  /**
   * Appends without `withinTransaction` that arrive while others commit share their next
   * transaction (group commit). At most this many group transactions run at once; 2 by default.
   */
  maxGroupsInFlight?: number;
}

interface EventRow {
  global_position: string;
  /** The transaction id as text; sort and compare on the xid8 column, never on this. */
  txid: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: Port.EventMetadata;
  recorded_at: Date;
}

const EVENT_COLUMNS = `global_position, transaction_id::text AS txid, event_id, stream_id, stream_version,
  event_type, schema_version, data, metadata, recorded_at`;

/** A stream's version (0 when empty), read on the pool or on the append's own transaction. */
async function versionOf(db: pg.Pool | pg.PoolClient, streamId: string): Promise<number> {
  const { rows } = await db.query<{ version: string }>(
    'SELECT coalesce(max(stream_version), 0) AS version FROM es_events WHERE stream_id = $1',
    [streamId],
  );
  return Number(rows[0]!.version);
}

function encodeCheckpoint(transactionId: string, globalPosition: string): Port.LogCheckpoint {
  return `${transactionId}:${globalPosition}`;
}

function decodeCheckpoint(checkpoint: Port.LogCheckpoint | null | undefined): [string, string] {
  if (!checkpoint) return ['0', '0'];
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) {
    throw new EventStoreError({
      code: 'event_store.bad_checkpoint',
      message: `Not a PostgreSQL log checkpoint: ${checkpoint}`,
    });
  }
  return [match[1]!, match[2]!];
}

export class PostgresEventStore implements Port.EventStore {
  private readonly pool: pg.Pool;
  private readonly upcast: UpcasterRegistry;
  private readonly appends = new AppendSignal();
  private readonly listenEnabled: boolean;
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private ready: Promise<void>;
  private readonly groups: AppendGroups;
  private announcing: Promise<void> | null = null;
  private announceAgain = false;
  private closed = false;

  constructor(options: PostgresEventStoreOptions) {
    this.pool = options.pool;
    this.upcast = createUpcasterRegistry(options.upcasters ?? []);
    this.listenEnabled = options.listen ?? true;
    this.ready = options.migrate === false ? Promise.resolve() : migrateEventStore(this.pool);
    this.groups = new AppendGroups(this.pool, {
      notifyChannel: NOTIFY_CHANNEL,
      maxGroupsInFlight: options.maxGroupsInFlight ?? 2,
      maxEventsPerGroup: MAX_EVENTS_PER_GROUP,
    });
  }

  readonly sharesTransactions = true;

  async appendToStream(
    streamId: string,
    events: readonly Port.NewEvent[],
    options: Port.AppendOptions = {},
  ): Promise<Port.AppendResult> {
    await this.ready;
    const request: AppendRequest = {
      streamId,
      events: events.map(prepareEvent),
      expected: options.expectedVersion ?? 'any',
    };
    for (let attempt = 1; ; attempt++) {
      try {
        let result: Port.AppendResult;
        let notified = true;
        if (options.withinTransaction) {
          result = await this.appendInTransaction(request, options.withinTransaction);
        } else {
          const outcome = await this.groups.submit(request);
          result = answerOf(request, outcome.answer);
          notified = outcome.notified;
        }
        if (result.appended > 0) {
          this.appends.notify();
          if (!notified) this.announce();
        }
        return result;
      } catch (failure) {
        const error = toRetryable(failure);
        // Under 'any', losing a version race to another writer is not the caller's concern.
        if (
          error instanceof RetryableAppend &&
          (request.expected === 'any' || error.retryAlways) &&
          attempt < MAX_ANY_VERSION_RETRIES
        ) {
          continue;
        }
        if (error instanceof RetryableAppend) {
          throw new ConcurrencyError({
            streamId,
            expected: request.expected,
            actual: await this.streamVersion(streamId),
            cause: error.cause,
          });
        }
        throw error;
      }
    }
  }

  /**
   * An append that carries the caller's writes: its own transaction on its own connection, never
   * grouped with other appends, so the caller's work commits or fails with its events alone.
   */
  private async appendInTransaction(
    request: AppendRequest,
    withinTransaction: NonNullable<Port.AppendOptions['withinTransaction']>,
  ): Promise<Port.AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const appendOn = async (one: AppendRequest) =>
        answerOf(one, (await callAppend(client, [one], NOTIFY_CHANNEL))[0]!);
      const result = await appendOn(request);
      if (result.appended === 0) {
        // A retried append that already succeeded: same answer, nothing written.
        await client.query('COMMIT');
        return result;
      }
      await withinTransaction({
        query: (text, params) => client.query(text, params),
        append: (otherStreamId, otherEvents, options = {}) =>
          appendOn({
            streamId: otherStreamId,
            events: otherEvents.map(prepareEvent),
            expected: options.expectedVersion ?? 'any',
          }),
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async readStream(streamId: string, options: Port.ReadStreamOptions = {}): Promise<Port.RecordedEvent[]> {
    await this.ready;
    const backwards = options.direction === 'backwards';
    const from = options.fromVersion ?? (backwards ? Number.MAX_SAFE_INTEGER : 1);
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
       WHERE stream_id = $1 AND stream_version ${backwards ? '<=' : '>='} $2
       ORDER BY stream_version ${backwards ? 'DESC' : 'ASC'}
       LIMIT $3`,
      [streamId, from, options.maxCount ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async streamVersion(streamId: string): Promise<number> {
    await this.ready;
    return versionOf(this.pool, streamId);
  }

  async readAll(options: Port.ReadAllOptions = {}): Promise<Port.ReadAllResult> {
    await this.ready;
    const [transactionId, position] = decodeCheckpoint(options.after);
    const maxCount = options.maxCount ?? 500;
    // Only transactions older than the oldest one still running are complete: reading past
    // that horizon could skip an event whose (earlier) position commits after our read.
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
       WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [transactionId, position, maxCount],
    );
    const events = rows.map((row) => this.toRecorded(row));
    const last = events.at(-1);
    let mayHaveMore = events.length === maxCount;
    if (!mayHaveMore) {
      const lastTx = rows.at(-1)?.txid ?? transactionId;
      const lastPosition = rows.at(-1)?.global_position ?? position;
      const { rows: pending } = await this.pool.query<{ pending: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM es_events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
         ) AS pending`,
        [lastTx, lastPosition],
      );
      mayHaveMore = pending[0]!.pending;
    }
    return { events, checkpoint: last?.checkpoint ?? options.after ?? null, mayHaveMore };
  }

  async head(): Promise<Port.LogHead> {
    await this.ready;
    // The newest event a reader can see now, in log order (below the in-flight horizon).
    const { rows } = await this.pool.query<{ position: string; txid: string; recorded_at: Date }>(
      `SELECT global_position AS position, transaction_id::text AS txid, recorded_at FROM es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    if (!row) return { globalPosition: 0, lastRecordedAt: null, checkpoint: null };
    return {
      globalPosition: Number(row.position),
      lastRecordedAt: row.recorded_at,
      checkpoint: encodeCheckpoint(row.txid, row.position),
    };
  }

  async lastWritten(): Promise<Port.LogCheckpoint | null> {
    await this.ready;
    const { rows } = await this.pool.query<{ position: string; txid: string }>(
      `SELECT global_position AS position, transaction_id::text AS txid FROM es_events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? encodeCheckpoint(row.txid, row.position) : null;
  }

  async countAfter(checkpoint: Port.LogCheckpoint | null): Promise<number> {
    await this.ready;
    const [transactionId, position] = decodeCheckpoint(checkpoint);
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM es_events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)',
      [transactionId, position],
    );
    return Number(rows[0]!.count);
  }

  async waitForAppends(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    if (this.listenEnabled) void this.ensureListener();
    if (options.signal?.aborted) return;
    await this.appends.next(options);
  }

  /**
   * Wakes readers in other processes after the commit of a group that did not notify in its own
   * transaction (see AppendGroups). One NOTIFY at a time: commits that land while one is under way
   * are announced by the next, which starts after them.
   */
  private announce(): void {
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = this.pool
      .query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`)
      .then(
        () => undefined,
        () => undefined, // readers fall back to polling
      )
      .finally(() => {
        this.announcing = null;
        if (this.announceAgain && !this.closed) {
          this.announceAgain = false;
          this.announce();
        }
      });
  }

  private ensureListener(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.listenerStarting ??= (async () => {
      const client = new pg.Client(this.pool.options);
      client.on('notification', () => this.appends.notify());
      client.on('error', () => {
        // Readers fall back to polling until the next wait reconnects.
        this.listener = null;
        client.end().catch(() => undefined);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        if (this.closed) await client.end();
        else this.listener = client;
      } catch {
        await client.end().catch(() => undefined);
      } finally {
        this.listenerStarting = null;
      }
    })();
    return this.listenerStarting;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.announcing;
    await this.listenerStarting;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    this.appends.notify();
  }

  private toRecorded(row: EventRow): Port.RecordedEvent {
    const { schemaVersion, data } = this.upcast(row.event_type, row.schema_version, row.data);
    return {
      id: row.event_id,
      streamId: row.stream_id,
      streamVersion: Number(row.stream_version),
      globalPosition: Number(row.global_position),
      checkpoint: encodeCheckpoint(row.txid, row.global_position),
      type: row.event_type,
      schemaVersion,
      data,
      metadata: row.metadata,
      recordedAt: row.recorded_at,
    };
  }
}
