import {
  FREE_OFFER_STREAM_ID,
  freeOfferDecider,
  type FreeOfferCommand,
  type FreeOfferEvent,
  type FreeOfferState,
} from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/** The free offer's one stream (`free-offer`): the operator's settings and the customers' claims. */
export class FreeOfferCommands extends StreamCommands<FreeOfferCommand, FreeOfferEvent, FreeOfferState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, freeOfferDecider, () => FREE_OFFER_STREAM_ID);
  }
}
