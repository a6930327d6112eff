import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type JSONType,
  type Position,
  type ReadRevision,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { AppendSignal } from '../append-signal.js';
import { checkExpectedVersion, ConcurrencyError, EventStoreError } from '../errors.js';
import { sleep } from '../follow-log.js';
import { prepareEvent, type PreparedEvent } from '../prepared-event.js';
import type * as Port from '../types.js';
import { createUpcasterRegistry, type UpcasterRegistry } from '../upcasting.js';
import {
  comparePositions,
  decodeCheckpoint,
  encodeCheckpoint,
  fromStoredMetadata,
  isSystemEvent,
  revisionToVersion,
  toKurrentEventId,
  toKurrentStreamState,
  toStoredMetadata,
  versionToRevision,
} from './kurrentdb-mapping.js';

const DEFAULT_IDEMPOTENCY_WINDOW = 1000;
const DEFAULT_READ_ALL_BATCH = 500;
/** Under contention every lost race costs one attempt; past this the caller gets a ConcurrencyError. */
const MAX_APPEND_ATTEMPTS = 50;
const MAX_BACKOFF_MS = 100;
/** How far back head() looks for a non-system event past the server-side type filter. */
const HEAD_SCAN = 100;

export type KurrentDbEventStoreOptions = (
  | {
      /** e.g. `kurrentdb://admin:changeit@localhost:2113?tls=false`. The store owns this client and disposes it on close. */
      connectionString: string;
    }
  | {
      /** A client shared with other code: the store never disposes it. */
      client: KurrentDBClient;
    }
) & {
  upcasters?: readonly Port.Upcaster[];
  /**
   * How many of a stream's latest events an append checks for already stored ids
   * (`Infinity`: the whole stream). See {@link KurrentDbEventStore}.
   */
  idempotencyWindow?: number;
};

interface KurrentPreparedEvent extends PreparedEvent {
  kurrentId: string;
}

/**
 * The event store port on KurrentDB (EventStoreDB). Our stream version N is KurrentDB
 * revision N - 1; streams are assumed never deleted or truncated ($maxCount, $tb), so a
 * stream's version stays its event count.
 *
 * Appends read the stream's tail first, drop ids already stored there, check the caller's
 * expected version against what was read, then write at that exact revision. Writing at an
 * exact revision (never ANY or STREAM_EXISTS, even for those expectations) is what makes
 * KurrentDB's own deduplication reliable: it recognises a repeated id only when the write
 * targets the position the original took. A lost race retries from the read, so 'any' gets
 * gap-free versions and the other expectations are re-checked against the new state.
 *
 * Trade-offs:
 * - Duplicate ids are found in the last `idempotencyWindow` events of the same stream
 *   (default 1000). A retry arriving after the stream grew past the window is stored again;
 *   `Infinity` closes that gap at the cost of reading the whole stream on every append.
 *   Ids are not checked across streams (the PostgreSQL adapter checks the whole log).
 * - Each append costs two extra reads: the tail before, and the written event after. The
 *   second tells our write from KurrentDB answering a concurrent duplicate with the
 *   original's result (it reports success either way): each write carries a random
 *   `$appendId` in its metadata and only the caller whose id is stored counts as appended.
 * - Appends to one stream queue inside this process, so same-process callers do not spend
 *   retries racing each other; other processes are handled by the retry loop.
 * - Reserved metadata keys: `$eventId` (our id when it is not a UUID), `$schemaVersion`,
 *   `$appendId`. They are stripped on read; a caller's value under them is overwritten.
 * - Reading $all needs a user allowed to (by default: admins and ops).
 */
export class KurrentDbEventStore implements Port.EventStore {
  private readonly client: KurrentDBClient;
  private readonly ownsClient: boolean;
  private readonly upcast: UpcasterRegistry;
  private readonly idempotencyWindow: number;
  private readonly appends = new AppendSignal();
  private readonly streamQueues = new Map<string, Promise<void>>();
  private subscription: AllStreamSubscription | null = null;
  private closed = false;

  constructor(options: KurrentDbEventStoreOptions) {
    if ('client' in options) {
      this.client = options.client;
      this.ownsClient = false;
    } else {
      this.client = KurrentDBClient.connectionString(options.connectionString);
      this.ownsClient = true;
    }
    this.upcast = createUpcasterRegistry(options.upcasters ?? []);
    const window = options.idempotencyWindow ?? DEFAULT_IDEMPOTENCY_WINDOW;
    if (!(window >= 1)) {
      throw new EventStoreError({
        code: 'event_store.bad_option',
        message: `idempotencyWindow must be at least 1, got ${window}`,
      });
    }
    this.idempotencyWindow = Number.isFinite(window) ? Math.floor(window) : Number.MAX_SAFE_INTEGER;
  }

  /** KurrentDB commits events only: a table write cannot share their transaction. */
  readonly sharesTransactions = false;

  async appendToStream(
    streamId: string,
    events: readonly Port.NewEvent[],
    options: Port.AppendOptions = {},
  ): Promise<Port.AppendResult> {
    if (options.withinTransaction) {
      throw new EventStoreError({
        code: 'event_store.no_shared_transaction',
        message: 'KurrentDB cannot commit other writes with events; check sharesTransactions first',
      });
    }
    const expected = options.expectedVersion ?? 'any';
    const prepared: KurrentPreparedEvent[] = [];
    const inBatch = new Set<string>();
    for (const event of events.map(prepareEvent)) {
      const kurrentId = toKurrentEventId(event.id);
      // The same id twice in one batch is stored once, as it would be across two appends.
      if (inBatch.has(kurrentId)) continue;
      inBatch.add(kurrentId);
      prepared.push({ ...event, kurrentId });
    }
    return this.serialized(streamId, () => this.appendWithRetries(streamId, prepared, expected));
  }

  private async appendWithRetries(
    streamId: string,
    events: readonly KurrentPreparedEvent[],
    expected: Port.ExpectedVersion,
  ): Promise<Port.AppendResult> {
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
      const { version, storedIds } = await this.readTail(streamId);
      const fresh = events.filter((event) => !storedIds.has(event.kurrentId));
      if (fresh.length === 0) {
        // A retried append that already succeeded: same answer, nothing written.
        return { nextExpectedVersion: version, appended: 0 };
      }
      checkExpectedVersion(streamId, expected, version);

      const appendId = randomUUID();
      const lastRevision = await this.tryAppend(streamId, fresh, version, appendId);
      if (lastRevision !== null) {
        if (await this.wroteEvent(streamId, lastRevision, appendId)) {
          this.appends.notify();
          return { nextExpectedVersion: revisionToVersion(lastRevision), appended: fresh.length };
        }
        // KurrentDB deduplicated these ids against a concurrent append of them; the next
        // read finds them stored and answers like any other retry.
        continue;
      }
      // Jitter keeps writers in other processes from colliding again in lockstep.
      await sleep(Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** attempt));
    }
    throw new ConcurrencyError({ streamId, expected, actual: await this.streamVersion(streamId) });
  }

  /** The revision of the last written event, or null when another writer got there first. */
  private async tryAppend(
    streamId: string,
    events: readonly KurrentPreparedEvent[],
    version: number,
    appendId: string,
  ): Promise<bigint | null> {
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            id: event.kurrentId,
            type: event.type,
            // The client serializes with JSON.stringify, which takes any JSON value.
            data: event.data as JSONType,
            metadata: toStoredMetadata({
              id: event.id,
              schemaVersion: event.schemaVersion,
              appendId,
              metadata: event.metadata,
            }),
          }),
        ),
        { streamState: toKurrentStreamState(version) },
      );
      // `success: false` instead of a throw when the connection string sets throwOnAppendFailure=false.
      return result.success ? result.nextExpectedRevision : null;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return null;
      throw error;
    }
  }

  /** The stream's version and the KurrentDB ids of its last `idempotencyWindow` events. */
  private async readTail(streamId: string): Promise<{ version: number; storedIds: Set<string> }> {
    const storedIds = new Set<string>();
    let version = 0;
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: this.idempotencyWindow,
        // A follower may lag behind the write this append is about to race.
        requiresLeader: true,
      })) {
        const event = resolved.event;
        if (!event) continue;
        if (version === 0) version = revisionToVersion(event.revision);
        storedIds.add(event.id);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { version, storedIds };
  }

  private async wroteEvent(streamId: string, revision: bigint, appendId: string): Promise<boolean> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: revision,
      maxCount: 1,
      requiresLeader: true,
    })) {
      const event = resolved.event;
      return event !== undefined && fromStoredMetadata(event.id, event.metadata).appendId === appendId;
    }
    return false;
  }

  private async serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.streamQueues.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.streamQueues.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.streamQueues.get(key) === tail) this.streamQueues.delete(key);
    }
  }

  async readStream(streamId: string, options: Port.ReadStreamOptions = {}): Promise<Port.RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (maxCount < 1) return [];
    let fromRevision: ReadRevision;
    if (options.fromVersion === undefined) {
      fromRevision = backwards ? END : START;
    } else if (options.fromVersion < 1) {
      if (backwards) return [];
      fromRevision = START;
    } else {
      fromRevision = versionToRevision(options.fromVersion);
    }
    const events: Port.RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision,
        maxCount,
      })) {
        if (resolved.event) events.push(this.toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async streamVersion(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) return revisionToVersion(resolved.event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return 0;
  }

  async readAll(options: Port.ReadAllOptions = {}): Promise<Port.ReadAllResult> {
    const maxCount = options.maxCount ?? DEFAULT_READ_ALL_BATCH;
    let from = decodeCheckpoint(options.after);
    const events: Port.RecordedEvent[] = [];
    for (;;) {
      const page = await this.readAllPage(from, maxCount);
      for (const event of page.events) {
        if (!isSystemEvent(event.streamId, event.type)) events.push(this.toRecorded(event));
      }
      from = page.events.at(-1)?.position ?? from;
      // A full page of skipped system-stream events must not come back empty: readers only
      // move their checkpoint past a non-empty batch, and would re-read this page forever.
      if (events.length > 0 || !page.full) {
        return {
          events,
          // Past skipped events too, so the next read does not scan them again.
          checkpoint: from ? encodeCheckpoint(from) : (options.after ?? null),
          // KurrentDB's log has one writer: a short page is the end, nothing commits behind it.
          mayHaveMore: page.full,
        };
      }
    }
  }

  /** Up to `maxCount` events strictly after `from` that pass the server-side type filter. */
  private async readAllPage(
    from: Position | null,
    maxCount: number,
  ): Promise<{ events: AllStreamRecordedEvent[]; full: boolean }> {
    const events: AllStreamRecordedEvent[] = [];
    for await (const resolved of this.client.readAll({
      fromPosition: from ?? START,
      // A read from a position may include the event at it; one more keeps the page full.
      maxCount: from ? maxCount + 1 : maxCount,
      filter: excludeSystemEvents(),
    })) {
      const event = resolved.event;
      if (!event) continue;
      if (from && comparePositions(event.position, from) <= 0) continue;
      events.push(event);
    }
    return { events: events.slice(0, maxCount), full: events.length >= maxCount };
  }

  async head(): Promise<Port.LogHead> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: HEAD_SCAN,
      filter: excludeSystemEvents(),
    })) {
      const event = resolved.event;
      if (event && !isSystemEvent(event.streamId, event.type)) {
        return {
          globalPosition: Number(event.position.commit),
          lastRecordedAt: event.created,
          checkpoint: encodeCheckpoint(event.position),
        };
      }
    }
    return { globalPosition: 0, lastRecordedAt: null, checkpoint: null };
  }

  /** Reads every event after the checkpoint: meant for operator commands, not hot paths. */
  /** KurrentDB's readers see an event once it is written: the newest written is the head. */
  async lastWritten(): Promise<Port.LogCheckpoint | null> {
    return (await this.head()).checkpoint;
  }

  async countAfter(checkpoint: Port.LogCheckpoint | null): Promise<number> {
    const after = decodeCheckpoint(checkpoint);
    let count = 0;
    for await (const resolved of this.client.readAll({ fromPosition: after ?? START, filter: excludeSystemEvents() })) {
      const event = resolved.event;
      if (!event || isSystemEvent(event.streamId, event.type)) continue;
      if (after && comparePositions(event.position, after) <= 0) continue;
      count++;
    }
    return count;
  }

  async waitForAppends(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    if (options.signal?.aborted || this.closed) return;
    this.ensureSubscription();
    await this.appends.next(options);
  }

  /** One live $all subscription per store, shared by every waiter, opened on the first wait. */
  private ensureSubscription(): void {
    if (this.subscription || this.closed) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = resolved.event;
      if (event && !isSystemEvent(event.streamId, event.type)) this.appends.notify();
    });
    const drop = () => {
      // Waiters fall back to their timeouts until the next wait subscribes again.
      if (this.subscription === subscription) this.subscription = null;
      subscription.unsubscribe().catch(() => undefined);
    };
    subscription.on('error', drop);
    subscription.on('end', drop);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.unsubscribe().catch(() => undefined);
    if (this.ownsClient) await this.client.dispose();
    this.appends.notify();
  }

  private toRecorded(event: KurrentRecordedEvent): Port.RecordedEvent {
    if (!event.position) {
      throw new EventStoreError({
        code: 'event_store.missing_position',
        message: `KurrentDB returned event ${event.id} of ${event.streamId} without a log position (server older than 22.6?)`,
      });
    }
    const stored = fromStoredMetadata(event.id, event.metadata);
    const { schemaVersion, data } = this.upcast(event.type, stored.schemaVersion, event.data);
    return {
      id: stored.id,
      streamId: event.streamId,
      streamVersion: revisionToVersion(event.revision),
      globalPosition: Number(event.position.commit),
      checkpoint: encodeCheckpoint(event.position),
      type: event.type,
      schemaVersion,
      data,
      metadata: stored.metadata,
      recordedAt: event.created,
    };
  }
}
