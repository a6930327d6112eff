import type { MessageTree } from './merge-messages';

/** The subscriptions screens' words, in English. */
export const subscriptionsMessages: MessageTree = {
  resources: {
    subscriptions: {
      fields: { reason: 'Reason' },
    },
  },
  shop: {
    subscriptions: {
      actions: 'Actions',
      counters: {
        label: 'Subscriptions in figures',
        total: 'Total',
        withCredentials: 'With credentials',
        withoutCredentials: 'Without credentials',
        active: 'Active',
      },
      reason: {
        label: 'Reason',
        statusHelp: "Required: it stays in the subscription's history.",
        voidHelp: 'Required (duplicate order, typing mistake…): it stays in the history.',
      },
      statusChange: {
        action: 'Change status',
        current: 'Current status: %{status}',
        to: 'New status',
        confirm: 'Save',
        success: 'Status updated to %{status}',
      },
      void: {
        action: 'Delete',
        title: 'Delete the %{plan} subscription',
        confirm: 'Are you sure you want to delete this subscription?',
        help: "It leaves the lists, the customer's account and the statistics; its history is kept.",
        submit: 'Delete',
        success: 'Subscription deleted',
      },
    },
    errors: {
      subscription: {
        invalid_transition: 'This status change is not allowed from the current status.',
        past_expiry: 'This subscription is past its expiry date: it can no longer be reactivated.',
        voided: 'This subscription was deleted: it can no longer change.',
      },
    },
  },
};
