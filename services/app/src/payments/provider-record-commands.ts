import type { AppendResult, EventStore, ExpectedVersion, NewEvent } from '@shop/event-store';

/**
 * The streams that record what a payment provider said, as it said it: a notification
 * (`webhook-…`), a payment for no checkout the shop opened (`unmatched-payment-…`), an operator's
 * sync run (`payment-sync-…`) and the success page's checks (`payment-check-…`). They have no
 * decider: nothing is decided on them, each event is an observation kept before the shop acts on
 * it (its id makes a repeated one a no-op). This module is their only writer; a command on an
 * order goes to `SubscriptionCommands`.
 */
export const PROVIDER_RECORD_STREAMS = /^(webhook|unmatched-payment|payment-sync|payment-check)-/;

export class ProviderRecords {
  constructor(private readonly deps: { store: EventStore }) {}

  /** Appends provider observations to their stream (only a provider record stream). */
  record(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (!PROVIDER_RECORD_STREAMS.test(streamId)) {
      throw new Error(`${streamId} is not a provider record stream: send its command module a command`);
    }
    return this.deps.store.appendToStream(streamId, events, options);
  }
}
