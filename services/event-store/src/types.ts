/** How an append states what it believes the stream to be. */
export type ExpectedVersion =
  | 'any'
  | 'no_stream'
  | 'stream_exists'
  /** The stream holds exactly this many events (0 = empty). */
  | number;

export interface EventActor {
  type: 'customer' | 'admin' | 'system' | 'provider';
  id: string;
}

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  /** The stream of the event named by `causationId` (a webhook's, a sync run's), so a reader can follow it. */
  causationStreamId?: string;
  actor?: EventActor;
  [key: string]: unknown;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  /** Unique across the whole log; appending an id again is a no-op. Generated when absent. */
  id?: string;
  type: TType;
  data: TData;
  /** Version of the data's shape; readers upcast older versions. Defaults to 1. */
  schemaVersion?: number;
  metadata?: EventMetadata;
}

/**
 * A position in the whole log. Opaque: each adapter encodes its own
 * (PostgreSQL: transaction id and global position; KurrentDB: commit and prepare positions).
 */
export type LogCheckpoint = string;

export interface RecordedEvent<TType extends string = string, TData = unknown> {
  id: string;
  streamId: string;
  /** 1 for the first event of a stream. */
  streamVersion: number;
  /** Monotonic position in the whole log, for display and lag; order by `checkpoint`. */
  globalPosition: number;
  checkpoint: LogCheckpoint;
  type: TType;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
  recordedAt: Date;
}

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expected version. */
  nextExpectedVersion: number;
  /** Events actually written (duplicates of already stored ids are dropped). */
  appended: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Forwards: first version to return; backwards: last. */
  fromVersion?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this checkpoint; from the start when absent. */
  after?: LogCheckpoint | null;
  maxCount?: number;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Checkpoint of the last returned event, or the `after` given when none were. */
  checkpoint: LogCheckpoint | null;
  /**
   * True when a later read may return events that this one could not yet see
   * (for PostgreSQL: appends still in flight below the snapshot horizon).
   */
  mayHaveMore: boolean;
}

export interface LogHead {
  /** Position of the newest readable event, or 0. */
  globalPosition: number;
  lastRecordedAt: Date | null;
  /** Checkpoint of that event: reading after it returns only newer events. */
  checkpoint: LogCheckpoint | null;
}

export interface Upcaster {
  type: string;
  /** Upcasts data of this schema version to `fromVersion + 1`. */
  fromVersion: number;
  upcast: (data: unknown) => unknown;
}

/** A connection inside an append's own transaction: plain SQL with `$1` parameters. */
export interface SqlTransaction {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;
  /** Appends to another stream in the same transaction: all of it commits, or none. */
  append(
    streamId: string,
    events: readonly NewEvent[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
}

export interface AppendOptions {
  expectedVersion?: ExpectedVersion;
  /**
   * Writes that must commit with the events or not at all (a row that makes an e-mail taken, a
   * link to an external identity), run inside the append's transaction after the events are
   * inserted; throwing rolls everything back. Only stores with `sharesTransactions` accept it.
   */
  withinTransaction?: (sql: SqlTransaction) => Promise<void>;
}

export interface EventStore {
  /**
   * Whether an append can carry other writes in its transaction (`withinTransaction`). True for
   * PostgreSQL; KurrentDB cannot commit anything with its events.
   */
  readonly sharesTransactions: boolean;
  appendToStream(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The stream's current version, 0 when it does not exist. */
  streamVersion(streamId: string): Promise<number>;
  /** The whole log in commit order, never skipping an event that commits late. */
  readAll(options?: ReadAllOptions): Promise<ReadAllResult>;
  head(): Promise<LogHead>;
  /**
   * The checkpoint of the newest event written, readable yet or not (on PostgreSQL a transaction
   * begun earlier may still hold readers below it): every event committed before the call is at or
   * before it. A reader whose checkpoint has reached it has read the log as it stood then.
   */
  lastWritten(): Promise<LogCheckpoint | null>;
  /** Number of events after a checkpoint (a projection's lag). */
  countAfter(checkpoint: LogCheckpoint | null): Promise<number>;
  /** Resolves when new events may have been appended, or after `timeoutMs`, or on abort. */
  waitForAppends(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
}
