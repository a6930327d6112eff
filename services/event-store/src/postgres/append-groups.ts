import type pg from 'pg';
import { ConcurrencyError } from '../errors.js';
import type { PreparedEvent } from '../prepared-event.js';
import type { AppendResult, ExpectedVersion } from '../types.js';
import { APPEND_FUNCTION } from './schema.js';

const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';

/** One append's answer from the append function (see schema.ts). */
export type AppendAnswer =
  { status: 'ok'; version: number; appended: number } | { status: 'conflict'; version: number } | { status: 'retry' };

export interface AppendRequest {
  streamId: string;
  events: readonly PreparedEvent[];
  expected: ExpectedVersion;
}

/** The statement that appends `requests` in one call: one round trip, in whatever transaction runs it. */
export function appendStatement(requests: readonly AppendRequest[], notifyChannel: string | null): [string, unknown[]] {
  const payload = requests.map((request) => ({
    s: request.streamId,
    e: String(request.expected),
    ev: request.events.map((event) => ({
      i: event.id,
      t: event.type,
      v: event.schemaVersion,
      d: event.data,
      m: event.metadata,
    })),
  }));
  return [`SELECT ${APPEND_FUNCTION}($1::jsonb, $2) AS answers`, [JSON.stringify(payload), notifyChannel]];
}

export async function callAppend(
  db: pg.Pool | pg.PoolClient,
  requests: readonly AppendRequest[],
  notifyChannel: string | null = null,
): Promise<AppendAnswer[]> {
  const [text, values] = appendStatement(requests, notifyChannel);
  const { rows } = await db.query<{ answers: AppendAnswer[] }>(text, values);
  return rows[0]!.answers.map((answer) =>
    answer.status === 'retry' ? answer : { ...answer, version: Number(answer.version) },
  );
}

interface Pending {
  request: AppendRequest;
  resolve: (outcome: GroupOutcome) => void;
  reject: (error: unknown) => void;
}

/** An append's answer, and whether its transaction also woke the readers (NOTIFY). */
export interface GroupOutcome {
  answer: AppendAnswer;
  notified: boolean;
}

export interface GroupCommitOptions {
  /** Groups committing at once: the next group's inserts overlap the previous group's fsync. */
  maxGroupsInFlight: number;
  /** A group takes at most this many events (a single larger append still goes alone). */
  maxEventsPerGroup: number;
  notifyChannel: string;
}

/**
 * Group commit in the process: appends that arrive while a commit is under way wait for it, then
 * go together as one statement, one transaction and one fsync. Each keeps its own expected-version
 * check and gets its own answer. If the group's statement fails as a whole (a deadlock with a
 * transaction of another kind, an event PostgreSQL refuses), each append is run again alone, so
 * that only the faulty one fails and with its own error. Appends with `withinTransaction` never
 * come here: they have a transaction of their own.
 *
 * A group that commits alone (nothing else in flight or waiting) sends its NOTIFY in its own
 * transaction: one round trip in all. When groups overlap, the store sends it after the commit,
 * because PostgreSQL holds a notifying transaction's lock until its commit is flushed, which would
 * queue each group behind the other's fsync.
 */
export class AppendGroups {
  private readonly queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(request: AppendRequest): Promise<GroupOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.maxGroupsInFlight && this.queue.length > 0) {
      const group: Pending[] = [this.queue.shift()!];
      let events = group[0]!.request.events.length;
      while (this.queue.length > 0) {
        const next = this.queue[0]!.request.events.length;
        if (events + next > this.options.maxEventsPerGroup) break;
        events += next;
        group.push(this.queue.shift()!);
      }
      const alone = this.inFlight === 0 && this.queue.length === 0;
      this.inFlight++;
      void this.run(group, alone).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async run(group: Pending[], notify: boolean): Promise<void> {
    let answers: AppendAnswer[];
    try {
      answers = await callAppend(
        this.pool,
        group.map((pending) => pending.request),
        notify ? this.options.notifyChannel : null,
      );
    } catch (error) {
      // Only an error PostgreSQL answered is sure to have rolled the group back; a lost
      // connection may have lost the answer of a commit, which a second run must not hide.
      if (group.length === 1 || !answeredByServer(error)) {
        for (const pending of group) pending.reject(error);
        return;
      }
      await Promise.all(group.map((pending) => this.run([pending], false)));
      return;
    }
    group.forEach((pending, index) => pending.resolve({ answer: answers[index]!, notified: notify }));
  }
}

function answeredByServer(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08');
}

/**
 * An append's answer as the caller sees it: a conflict is a ConcurrencyError with the version
 * found, a lost event-id race is retried.
 */
export function answerOf(request: AppendRequest, answer: AppendAnswer): AppendResult {
  if (answer.status === 'conflict') {
    throw new ConcurrencyError({ streamId: request.streamId, expected: request.expected, actual: answer.version });
  }
  if (answer.status === 'retry') throw new RetryableAppend({ retryAlways: true });
  return { nextExpectedVersion: answer.version, appended: answer.appended };
}

/**
 * The unique constraints are the last line of defence: their violation is a lost race. A deadlock
 * (an append carrying its own writes that locks a second stream, against a group) rolled the
 * victim back entirely: it starts over.
 */
export function toRetryable(error: unknown): unknown {
  if (error instanceof RetryableAppend) return error;
  if ((error as { code?: string }).code === DEADLOCK_DETECTED) {
    return new RetryableAppend({ retryAlways: true, cause: error });
  }
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
    const constraint = (error as { constraint?: string }).constraint;
    return new RetryableAppend({ retryAlways: constraint === 'es_events_event_id_key', cause: error });
  }
  return error;
}

/** A lost race that a fresh attempt may win. */
export class RetryableAppend extends Error {
  /** Start over whatever the expected version (otherwise only under 'any'). */
  readonly retryAlways: boolean;
  constructor(options: { retryAlways: boolean; cause?: unknown }) {
    super('append lost a race', { cause: options.cause });
    this.retryAlways = options.retryAlways;
  }
}
