import {
  dataExportDecider,
  exportStreamId,
  type DataExportedEvent,
  type DataExportState,
  type RecordExport,
} from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/** The month's export stream (`exports-yyyy-mm`): each back-office list saved to a file. */
export class DataExportCommands extends StreamCommands<RecordExport, DataExportedEvent, DataExportState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, dataExportDecider, (command) => exportStreamId(new Date(command.data.exportedAt)));
  }
}
