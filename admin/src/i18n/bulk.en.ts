import type { MessageTree } from './merge-messages';

/** The lists' bulk actions in English. */
export const bulkMessages: MessageTree = {
  shop: {
    bulk: {
      exportSelection: 'Export selection',
      changed: '%{smart_count} changed |||| %{smart_count} changed',
      unchanged: '%{smart_count} already so |||| %{smart_count} already so',
      refused: '%{smart_count} refused: %{reason} |||| %{smart_count} refused: %{reason}',
      selected: '%{smart_count} item selected |||| %{smart_count} items selected',
      status: {
        action: 'Change status',
        title: 'Change the status of %{smart_count} item |||| Change the status of %{smart_count} items',
        intro:
          'Each selected item moves to the chosen status, by its own action recorded in its history. Those whose current status does not allow the move stay as they are and are reported.',
        to: 'New status',
        reasonHelp: "The same reason is kept in each subscription's history.",
        confirm: 'Apply',
      },
      assign: {
        action: 'Assign credentials',
        title:
          'Assign credentials to %{smart_count} subscription |||| Assign credentials to %{smart_count} subscriptions',
        intro:
          'Each selected subscription gets the same set of credentials, and its customer is told. Those that are not active are reported and stay as they are.',
        onePlan: 'Select subscriptions of a single plan: a set of credentials serves one plan.',
        confirm: 'Assign',
      },
    },
  },
};
