import {
  credentialSetDecider,
  credentialSetStreamId,
  type CredentialSetCommand,
  type CredentialSetEvent,
  type CredentialSetState,
} from '@shop/domain';
import { loadState, type EventActor, type EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { commitWithRows, type RowWrite } from '../infrastructure/rows-with-events.js';

export interface CredentialSetContext {
  actor: EventActor;
  correlationId?: string;
}

/**
 * A set's stream (`credential-set-<id>`): its commands are decided on the stream's state, and the
 * rows each event stands for (the set's current version, one sealed row per version) commit with
 * the events or not at all (`commitWithRows`).
 */
export class CredentialSetLog {
  constructor(private readonly deps: { store: EventStore; knex: Knex }) {}

  async state(credentialSetId: string): Promise<{ state: CredentialSetState; streamVersion: number }> {
    const { state, version } = await loadState(
      this.deps.store,
      credentialSetStreamId(credentialSetId),
      credentialSetDecider,
    );
    return { state, streamVersion: version };
  }

  /**
   * Decides `command` and appends its events with the rows `rowsFor` answers for them. Decided
   * once: the rows carry the version the events name, so a writer that got there first makes the
   * append fail (ConcurrencyError) rather than have the command decided again on a version the
   * rows do not know; the service then starts over from a fresh read (`retryWhenOvertaken`).
   */
  async record(
    credentialSetId: string,
    command: CredentialSetCommand,
    context: CredentialSetContext,
    rowsFor: (event: CredentialSetEvent) => RowWrite[] = () => [],
  ): Promise<CredentialSetEvent[]> {
    const streamId = credentialSetStreamId(credentialSetId);
    const { state, streamVersion } = await this.state(credentialSetId);
    const events = credentialSetDecider.decide(command, state);
    if (events.length === 0) return events;
    await commitWithRows(this.deps, events.flatMap(rowsFor), streamId, (commit) =>
      this.deps.store.appendToStream(
        streamId,
        events.map((event) => ({
          type: event.type,
          data: event.data,
          metadata: {
            actor: context.actor,
            ...(context.correlationId ? { correlationId: context.correlationId } : {}),
            ...commit.metadata,
          },
        })),
        {
          expectedVersion: streamVersion === 0 ? 'no_stream' : streamVersion,
          withinTransaction: commit.withinTransaction,
        },
      ),
    );
    return events;
  }
}
