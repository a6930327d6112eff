import type { MessageTree } from './merge-messages';

/** The auditor's panels in English: a record's history and its state as of an instant. */
export const historyMessages: MessageTree = {
  shop: {
    history: {
      title: 'History',
      empty: 'No event recorded.',
      newestFirst: 'Newest first',
      oldestFirst: 'Oldest first',
      more: 'Show more',
      count: '%{shown} of %{total} events',
      showEvent: 'Show the event',
      hideEvent: 'Hide the event',
      causedBy: 'Caused by: %{summary}',
      causeElsewhere: 'Caused by: event %{id}',
      actors: {
        customer: 'Customer',
        admin: 'Operator',
        system: 'System',
        provider: 'Provider',
        unknown: 'Unknown',
      },
      event: 'Event %{type}, %{stream} version %{version}, position %{position}',
    },
    asOf: {
      title: 'As of…',
      instant: 'Date and time',
      show: 'Show',
      clear: 'Back to now',
      notYet: 'This subscription did not exist yet at that date.',
      heading: 'As of %{date}',
      version: '%{smart_count} event: %{type} on %{date} |||| %{smart_count} events, the last: %{type} on %{date}',
      credentials: 'Credentials: %{id}, version %{version}',
      credentialsUnknownVersion: 'Credentials: %{id}',
      noCredentials: 'No credentials assigned',
      refunded: 'Refunded',
      voided: 'Voided',
      invalid: 'Choose a date and a time.',
    },
  },
};
