import type { EventStore, RecordedEvent } from './types.js';

/**
 * A stream's folded state at a version, kept so that a long stream (an account signed in to
 * thousands of times) is not read from its first event on every command. A snapshot is derived
 * data: losing one costs a full read, never a wrong answer.
 */
export interface StreamSnapshot<TState> {
  version: number;
  state: TState;
}

export interface SnapshotStore {
  load<TState>(streamId: string, name: string): Promise<StreamSnapshot<TState> | null>;
  /** Keeps the snapshot unless a newer one of the same name is already kept. */
  save<TState>(streamId: string, name: string, snapshot: StreamSnapshot<TState>): Promise<void>;
}

export interface Snapshotting {
  store: SnapshotStore;
  /**
   * Names the state's shape; change it (`account:3`) whenever `evolve` or the state change, so
   * snapshots folded by older code are ignored.
   */
  name: string;
  /** Take a new snapshot once this many events were folded past the last one. */
  every?: number;
}

export const DEFAULT_SNAPSHOT_EVERY = 100;

export interface LoadedState<TState> {
  state: TState;
  version: number;
  /** Events read from the store to get here (the stream's tail past its snapshot). */
  eventsRead: number;
}

/** A stream's state: from its snapshot and the events after it, or from its first event. */
export async function loadState<TEvent extends { type: string; data: unknown }, TState>(
  store: EventStore,
  streamId: string,
  fold: { initialState: () => TState; evolve: (state: TState, event: TEvent) => TState },
  snapshots?: Snapshotting,
): Promise<LoadedState<TState>> {
  const snapshot = snapshots ? await snapshots.store.load<TState>(streamId, snapshots.name) : null;
  const tail = await store.readStream(streamId, snapshot ? { fromVersion: snapshot.version + 1 } : {});
  const version = tail.at(-1)?.streamVersion ?? snapshot?.version ?? 0;
  const state = tail
    .map((recorded: RecordedEvent) => ({ type: recorded.type, data: recorded.data }) as TEvent)
    .reduce(fold.evolve, snapshot?.state ?? fold.initialState());
  if (snapshots && tail.length >= (snapshots.every ?? DEFAULT_SNAPSHOT_EVERY)) {
    await snapshots.store.save(streamId, snapshots.name, { version, state });
  }
  return { state, version, eventsRead: tail.length };
}
