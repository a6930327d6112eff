import {
  accountingSeriesDecider,
  accountingSeriesStreamId,
  type AccountingCommand,
  type AccountingEvent,
  type SeriesState,
} from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/**
 * Payments at the same moment race for the next number of one series: each writer that finds the
 * series moved on decides again on it, up to this many times (a job retries beyond).
 */
const MAX_ATTEMPTS = 40;

/**
 * The accounting series' streams (`accounting-F2026`, `accounting-A2026`): each invoice or credit
 * note numbered one after the last, in the series of its kind and issue year.
 */
export class AccountingCommands extends StreamCommands<AccountingCommand, AccountingEvent, SeriesState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, accountingSeriesDecider, (command) => accountingSeriesStreamId(command.data.kind, command.data.year));
  }

  /** Issues a document (nothing when its id was issued already) and answers its number. */
  async issue(command: AccountingCommand, metadata: EventMetadata): Promise<string> {
    const { state } = await this.execute(command, metadata, { maxAttempts: MAX_ATTEMPTS });
    const number = state.numbers[command.data.draft.documentId];
    if (!number) throw new Error(`document ${command.data.draft.documentId} has no number after it was issued`);
    return number;
  }
}
