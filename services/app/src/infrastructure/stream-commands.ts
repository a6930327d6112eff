import {
  handleCommand,
  loadState,
  streamCommand,
  type EventMetadata,
  type EventStore,
  type HandleCommandOptions,
  type HandleCommandResult,
  type Snapshotting,
  type StreamCommand,
  type StreamDecider,
} from '@shop/event-store';
import type { Knex } from 'knex';
import { commitWithRows, type RowWrite } from './rows-with-events.js';
import { inSpan, streamTypeOf, tracingOn, type SpanStart } from '../operations/tracing.js';

/** The span of a command when tracing is on (docs/adr/0031-metrics-and-traces.md): its module, its type, its stream's type. */
function commandSpan(module: object, command: unknown, streamId: string): [string, SpanStart] {
  if (!tracingOn()) return ['', {}];
  const type =
    typeof (command as { type?: unknown }).type === 'string' ? (command as { type: string }).type : 'command';
  const name = module.constructor.name;
  return [
    `command ${name}.${type}`,
    {
      attributes: {
        'shop.command.module': name,
        'shop.command.type': type,
        'shop.stream_type': streamTypeOf(streamId),
      },
    },
  ];
}

export interface CommandOptions<TEvent, TState> extends Pick<
  HandleCommandOptions<TEvent, TState>,
  'newStream' | 'known' | 'alongside' | 'eventIds' | 'maxAttempts'
> {
  /** Rows that commit with the events or not at all (see `commitWithRows`). */
  rows?: readonly RowWrite[];
  /**
   * Rows that stand for the decided events (they carry the version the events name): the command
   * is then decided once, and a writer that got there first fails it with a ConcurrencyError
   * instead of having it decided again on a version the rows do not know.
   */
  rowsFor?: (event: TEvent) => RowWrite[];
}

/**
 * The one path from a command to a stream type's stream: its decider, its stream id, its
 * snapshots. Each stream type's command module builds one and is the only code that holds it (a
 * lint rule keeps deciders and appends there); everything else sends that module a command.
 */
export class StreamCommands<TCommand, TEvent extends { type: string; data: unknown }, TState> {
  constructor(
    private readonly deps: { store: EventStore; knex: Knex },
    private readonly decider: StreamDecider<TCommand, TEvent, TState>,
    readonly streamIdOf: (command: TCommand) => string,
    private readonly snapshots?: Snapshotting,
  ) {}

  /** Decides `command` on its stream and appends what it decided, with `metadata` (actor, correlation). */
  async execute(
    command: TCommand,
    metadata: EventMetadata,
    options: CommandOptions<TEvent, TState> = {},
  ): Promise<HandleCommandResult<TEvent, TState>> {
    const { rows = [], rowsFor, ...handling } = options;
    const streamId = this.streamIdOf(command);
    return inSpan(...commandSpan(this, command, streamId), () => {
      if (rowsFor) return this.decideOnce(streamId, command, metadata, rowsFor);
      return commitWithRows(this.deps, rows, streamId, (commit) =>
        handleCommand(this.deps.store, streamId, this.decider, command, {
          ...handling,
          snapshots: this.snapshots,
          metadata: { ...metadata, ...commit.metadata },
          withinTransaction: commit.withinTransaction,
        }),
      );
    });
  }

  /** The stream's state and version now. */
  state(streamId: string): Promise<{ state: TState; version: number }> {
    return loadState(this.deps.store, streamId, this.decider, this.snapshots);
  }

  /** `command` for another module's `alongside`: decided and appended in the same transaction. */
  alongside(command: TCommand, options: { newStream?: boolean } = {}): StreamCommand {
    return streamCommand(this.streamIdOf(command), this.decider, command, options);
  }

  private async decideOnce(
    streamId: string,
    command: TCommand,
    metadata: EventMetadata,
    rowsFor: (event: TEvent) => RowWrite[],
  ): Promise<HandleCommandResult<TEvent, TState>> {
    const { state, version } = await this.state(streamId);
    const newEvents = this.decider.decide(command, state);
    const after = newEvents.reduce(this.decider.evolve, state);
    if (newEvents.length === 0) return { newEvents, state: after, nextExpectedVersion: version };
    const { nextExpectedVersion } = await commitWithRows(this.deps, newEvents.flatMap(rowsFor), streamId, (commit) =>
      this.deps.store.appendToStream(
        streamId,
        newEvents.map((event) => ({
          type: event.type,
          data: event.data,
          metadata: { ...metadata, ...commit.metadata },
        })),
        { expectedVersion: version === 0 ? 'no_stream' : version, withinTransaction: commit.withinTransaction },
      ),
    );
    return { newEvents, state: after, nextExpectedVersion };
  }
}
