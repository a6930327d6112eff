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

  /**
   * Throws what the decider would refuse `command` for, on the stream as it is now, appending
   * nothing: a reply is checked before its text is sealed (sealing makes the inquiry's key).
   */
  async assertAllowed(command: InquiryCommand): Promise<void> {
    const { state } = await this.state(inquiryStreamId(command.inquiryId));
    inquiryDecider.decide(command, state);
  }
}
