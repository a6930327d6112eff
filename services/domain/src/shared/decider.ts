/** An event as a decider sees it: a type name and JSON-safe data. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/**
 * The pure core of a stream type: fold past events into state, decide what a command
 * produces. No I/O; the clock and ids arrive inside the command.
 */
export interface Decider<TCommand, TEvent extends DomainEvent, TState> {
  initialState: () => TState;
  evolve: (state: TState, event: TEvent) => TState;
  decide: (command: TCommand, state: TState) => TEvent[];
}

export function foldEvents<TEvent extends DomainEvent, TState>(
  decider: Pick<Decider<unknown, TEvent, TState>, 'initialState' | 'evolve'>,
  events: readonly TEvent[],
): TState {
  return events.reduce(decider.evolve, decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
