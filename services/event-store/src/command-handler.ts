import { ConcurrencyError } from './errors.js';
import { sleep } from './follow-log.js';
import { loadState, type Snapshotting } from './snapshots.js';
import type { AppendOptions, EventMetadata, EventStore, NewEvent, RecordedEvent } from './types.js';

export interface StreamDecider<TCommand, TEvent extends { type: string; data: unknown }, TState> {
  initialState: () => TState;
  evolve: (state: TState, event: TEvent) => TState;
  decide: (command: TCommand, state: TState) => TEvent[];
}

export interface HandleCommandResult<TEvent, TState> {
  newEvents: TEvent[];
  state: TState;
  nextExpectedVersion: number;
  /** What the command on the second stream decided (see `alongside`). */
  alongside?: { newEvents: Array<{ type: string; data: unknown }> };
}

/** A command for another stream, decided and appended with the first one (see `alongside`). */
export interface StreamCommand {
  streamId: string;
  /** The stream is new: decided on the initial state, appended only if it does not exist. */
  newStream?: boolean;
  decide(state: 'initial' | { events: readonly RecordedEvent[] }): Array<{ type: string; data: unknown }>;
}

/** `command` for `streamId`, decided by `decider`: what `alongside` answers. */
export function streamCommand<TCommand, TEvent extends { type: string; data: unknown }, TState>(
  streamId: string,
  decider: StreamDecider<TCommand, TEvent, TState>,
  command: TCommand,
  options: { newStream?: boolean } = {},
): StreamCommand {
  return {
    streamId,
    newStream: options.newStream,
    decide: (stream) =>
      decider.decide(
        command,
        stream === 'initial'
          ? decider.initialState()
          : stream.events.map(asDomainEvent<TEvent>).reduce(decider.evolve, decider.initialState()),
      ),
  };
}

export interface HandleCommandOptions<TEvent, TState> {
  metadata?: EventMetadata;
  eventIds?: (index: number) => string;
  maxAttempts?: number;
  snapshots?: Snapshotting;
  /** Writes that commit with the new events or not at all (see `AppendOptions`). */
  withinTransaction?: AppendOptions['withinTransaction'];
  /**
   * The stream is new (its id was just made): decided on the initial state without reading, and
   * appended only if no stream of that id exists (else a ConcurrencyError, never a retry).
   */
  newStream?: boolean;
  /**
   * The whole stream as the caller holds it (it has just written it): decided on it without
   * reading again; if the stream moved meanwhile, decided again on a fresh read.
   */
  known?: readonly TEvent[];
  /**
   * A command on a second stream, decided on the first one's new state, whose events commit in the
   * same transaction (a promo code's redemption and the order it discounts). A store that cannot
   * share its transaction (KurrentDB) appends them right after, first stream first.
   */
  alongside?: (state: TState, newEvents: TEvent[]) => StreamCommand;
}

/**
 * The one way a command reaches a stream: load the stream (from its last snapshot, or not at all
 * for a new stream or one in hand), decide, append with the version it was decided on. A
 * concurrent writer makes the append fail; we then decide again on the fresh state
 * (`retryWhenOvertaken`).
 */
export async function handleCommand<TCommand, TEvent extends { type: string; data: unknown }, TState>(
  store: EventStore,
  streamId: string,
  decider: StreamDecider<TCommand, TEvent, TState>,
  command: TCommand,
  options: HandleCommandOptions<TEvent, TState> = {},
): Promise<HandleCommandResult<TEvent, TState>> {
  let known = options.newStream ? [] : options.known;
  return retryWhenOvertaken(
    async () => {
      const { state, version } = known
        ? { state: known.reduce(decider.evolve, decider.initialState()), version: known.length }
        : await loadState(store, streamId, decider, options.snapshots);
      known = undefined;
      const newEvents = decider.decide(command, state);
      const after = newEvents.reduce(decider.evolve, state);
      const second = options.alongside ? await decideAlongside(store, options.alongside(after, newEvents)) : null;
      const asNew = (events: ReadonlyArray<{ type: string; data: unknown }>, ids?: (index: number) => string) =>
        events.map((event, index): NewEvent => ({
          ...(ids ? { id: ids(index) } : {}),
          type: event.type,
          data: event.data,
          metadata: options.metadata ?? {},
        }));
      // Both streams in one transaction where the store can; else the second right after the first.
      const together = newEvents.length > 0 && second !== null && second.events.length > 0 && store.sharesTransactions;
      let nextExpectedVersion = version;
      if (newEvents.length > 0) {
        ({ nextExpectedVersion } = await store.appendToStream(streamId, asNew(newEvents, options.eventIds), {
          expectedVersion: version === 0 ? 'no_stream' : version,
          withinTransaction: together
            ? async (tx) => {
                await options.withinTransaction?.(tx);
                await tx.append(second.streamId, asNew(second.events), { expectedVersion: second.expectedVersion });
              }
            : options.withinTransaction,
        }));
      }
      if (second && second.events.length > 0 && !together) {
        await store.appendToStream(second.streamId, asNew(second.events), { expectedVersion: second.expectedVersion });
      }
      return {
        newEvents,
        state: after,
        nextExpectedVersion,
        ...(second ? { alongside: { newEvents: second.events } } : {}),
      };
    },
    // A new stream that exists already is a refusal, not a race to decide again.
    options.newStream ? 1 : options.maxAttempts,
  );
}

async function decideAlongside(store: EventStore, command: StreamCommand) {
  if (command.newStream) {
    return { streamId: command.streamId, events: command.decide('initial'), expectedVersion: 'no_stream' as const };
  }
  const events = await store.readStream(command.streamId);
  return {
    streamId: command.streamId,
    events: command.decide({ events }),
    expectedVersion: events.length === 0 ? ('no_stream' as const) : events.length,
  };
}

/**
 * Runs `attempt` again when another writer got to its stream first (ConcurrencyError), at most
 * `maxAttempts` times in all, each time after a short random pause so that writers racing for one
 * stream do not collide again in step. `attempt` must read what it decides on afresh each time.
 */
export async function retryWhenOvertaken<T>(attempt: () => Promise<T>, maxAttempts = 5): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || tries >= maxAttempts) throw error;
      await sleep(Math.random() * Math.min(2 ** tries, 50));
    }
  }
}

export function asDomainEvent<TEvent extends { type: string; data: unknown }>(recorded: RecordedEvent): TEvent {
  return { type: recorded.type, data: recorded.data } as TEvent;
}
