import {
  inquiryDecider,
  inquiryStreamId,
  type InquiryCommand,
  type InquiryEvent,
  type InquiryState,
} from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/** An inquiry's stream (`inquiry-<id>`): received, its status changes, its erasure. */
export class InquiryCommands extends StreamCommands<InquiryCommand, InquiryEvent, InquiryState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, inquiryDecider, (command) => inquiryStreamId(command.inquiryId));
  }
}
