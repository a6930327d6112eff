import type { MessageTree } from './merge-messages';

/** The auditor's tools in English: a customer's history narrowed and exported, and who read which credentials. */
export const auditTrailMessages: MessageTree = {
  shop: {
    historyFilter: {
      label: 'Filter the history',
      types: 'Event types',
      allTypes: 'All types',
      signIns: 'Show sign-ins',
      asOf: 'Up to',
      asOfShown: 'Up to %{date}',
      exportCsv: 'Export (CSV)',
      exportJson: 'Export (JSON)',
      exportFailed: 'The export could not be made.',
      subscription: 'Subscription %{plan} · %{id}',
    },
    reveals: {
      title: 'Password readings',
      titleByUser: 'Passwords read',
      empty: 'No reading recorded.',
      count: '%{smart_count} reading |||| %{smart_count} readings',
      version: 'version %{version}',
      unknownVersion: 'version unknown',
      set: 'Set %{id}',
      viaSubscription: 'through subscription %{id}',
      carriedOver: 'carried over from the old records',
      viewers: { admin: 'Operator', customer: 'Customer' },
      erased: '[erased]',
    },
  },
};
