import {
  accountingSeriesDecider,
  accountingSeriesStreamId,
  type AccountingCommand,
  type AccountingEvent,
  type SeriesState,
} from '@shop/domain';
import {
  asDomainEvent,
  ConcurrencyError,
  retryWhenOvertaken,
  type EventMetadata,
  type EventStore,
} from '@shop/event-store';
import type { Knex } from 'knex';
import type { RowWrite } from '../infrastructure/rows-with-events.js';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/**
 * Payments at the same moment race for the next number of one series: each writer that finds the
 * series moved on decides again on it, up to this many times (a job retries beyond).
 */
const MAX_ATTEMPTS = 40;

/** Each document's number, written with its event: the guard against numbering one twice. */
const NUMBERS_TABLE = 'accounting_document_numbers';
const FILL_BATCH = 1000;

/**
 * The accounting series' streams (`accounting-F2026`, `accounting-A2026`): each invoice or credit
 * note numbered one after the last, in the series of its kind and issue year.
 *
 * Issuing costs the same on the first day of the year as on the last: the series is decided on
 * its last event alone (see `SeriesState`), and whether a document has its number already is a
 * look-up in `accounting_document_numbers`, whose row commits with the document's event. Two
 * issuers of one document (a job retried, handed over twice) cannot both commit: the second's
 * append finds the series moved on, or its row finds the document numbered; it then answers the
 * number the first gave (docs/adr/0025-invoices-credit-notes-and-vat.md, amendment).
 */
export class AccountingCommands extends StreamCommands<AccountingCommand, AccountingEvent, SeriesState> {
  private readonly series: { store: EventStore; knex: Knex };
  /** Each series' last attempt in this process (see `inTurn`). */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(deps: { store: EventStore; knex: Knex }) {
    super(deps, accountingSeriesDecider, (command) => accountingSeriesStreamId(command.data.kind, command.data.year));
    this.series = deps;
  }

  /** Issues a document (nothing when its id was issued already) and answers its number. */
  async issue(command: AccountingCommand, metadata: EventMetadata): Promise<string> {
    const { documentId } = command.data.draft;
    const streamId = this.streamIdOf(command);
    return retryWhenOvertaken(
      () =>
        this.inTurn(streamId, async () => {
          const given = await this.numberOf(documentId);
          if (given) return given;
          const { newEvents } = await this.execute(command, metadata, {
            rowsFor: (event) => [numberRow(event, streamId)],
          });
          const number = newEvents.find((event) => event.data.documentId === documentId)?.data.number;
          if (!number) throw new Error(`document ${documentId} has no number after it was issued`);
          return number;
        }),
      MAX_ATTEMPTS,
    );
  }

  /**
   * Runs `attempt` after this process's earlier attempts on the series: its jobs take turns
   * instead of racing each other for the same next number (which all but one would lose, and
   * decide again). Other processes still race, and the loser decides again.
   */
  private inTurn<T>(streamId: string, attempt: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(streamId) ?? Promise.resolve();
    const mine = previous.then(attempt);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(streamId, tail);
    void tail.then(() => {
      if (this.turns.get(streamId) === tail) this.turns.delete(streamId);
    });
    return mine;
  }

  /**
   * The series' state and version from its last event alone. A series whose last document has no
   * row in `accounting_document_numbers` (numbered before the table, in a log the migration could
   * not read) has the table filled from its stream first: once per series.
   */
  override async state(streamId: string): Promise<{ state: SeriesState; version: number }> {
    const { initialState, evolve } = accountingSeriesDecider;
    const [last] = await this.series.store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (!last) return { state: initialState(), version: 0 };
    const event = asDomainEvent<AccountingEvent>(last);
    if (!(await this.numberOf(event.data.documentId))) await this.fillNumbers(streamId);
    return { state: evolve(initialState(), event), version: last.streamVersion };
  }

  private async numberOf(documentId: string): Promise<string | null> {
    const row = (await this.series.knex(NUMBERS_TABLE).where({ document_id: documentId }).first('number')) as
      { number: string } | undefined;
    return row?.number ?? null;
  }

  private async fillNumbers(streamId: string): Promise<void> {
    const rows = (await this.series.store.readStream(streamId)).map((recorded) => {
      const { data } = asDomainEvent<AccountingEvent>(recorded);
      return { document_id: data.documentId, number: data.number, series_stream: streamId };
    });
    for (let from = 0; from < rows.length; from += FILL_BATCH) {
      await this.series
        .knex(NUMBERS_TABLE)
        .insert(rows.slice(from, from + FILL_BATCH))
        .onConflict()
        .ignore();
    }
  }
}

/**
 * The document's number, committed with its event; refused (and the event with it) when the
 * document or the number is there already, which the next attempt then finds.
 */
function numberRow(event: AccountingEvent, streamId: string): RowWrite {
  const { documentId, number } = event.data;
  return {
    sql: `INSERT INTO ${NUMBERS_TABLE} (document_id, number, series_stream) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    params: [documentId, number, streamId],
    undo: { sql: `DELETE FROM ${NUMBERS_TABLE} WHERE document_id = $1 AND number = $2`, params: [documentId, number] },
    refusedWhenNothingWritten: () =>
      new ConcurrencyError({ streamId, expected: event.data.sequence - 1, actual: event.data.sequence }),
  };
}
