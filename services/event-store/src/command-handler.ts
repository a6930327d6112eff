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
}

/**
 * Load a stream, fold it, decide, append with the version we read. A concurrent writer
 * makes the append fail; we then decide again on the fresh state (`retryWhenOvertaken`).
 * With `snapshots`, the fold starts from the stream's last snapshot.
 */
export async function handleCommand<TCommand, TEvent extends { type: string; data: unknown }, TState>(
  store: EventStore,
  streamId: string,
  decider: StreamDecider<TCommand, TEvent, TState>,
  command: TCommand,
  options: {
    metadata?: EventMetadata;
    eventIds?: (index: number) => string;
    maxAttempts?: number;
    snapshots?: Snapshotting;
    /** Writes that commit with the new events or not at all (see `AppendOptions`). */
    withinTransaction?: AppendOptions['withinTransaction'];
  } = {},
): Promise<HandleCommandResult<TEvent, TState>> {
  return retryWhenOvertaken(async () => {
    const { state, version } = await loadState(store, streamId, decider, options.snapshots);
    const newEvents = decider.decide(command, state);
    if (newEvents.length === 0) return { newEvents, state, nextExpectedVersion: version };
    const toAppend: NewEvent[] = newEvents.map((event, index) => ({
      ...(options.eventIds ? { id: options.eventIds(index) } : {}),
      type: event.type,
      data: event.data,
      metadata: options.metadata ?? {},
    }));
    const result = await store.appendToStream(streamId, toAppend, {
      expectedVersion: version === 0 ? 'no_stream' : version,
      withinTransaction: options.withinTransaction,
    });
    return {
      newEvents,
      state: newEvents.reduce(decider.evolve, state),
      nextExpectedVersion: result.nextExpectedVersion,
    };
  }, options.maxAttempts);
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
