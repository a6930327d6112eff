import type { MessageTree } from './merge-messages';

/** What each list says when it has nothing yet (react-admin's `resources.<name>.empty` and `invite`), in English. */
export const listsMessages: MessageTree = {
  resources: {
    inquiries: { empty: 'No inquiries yet.' },
    subscriptions: { empty: 'No subscriptions yet.' },
    credentials: { empty: 'No credentials yet.', invite: 'Store the first credentials of a plan.' },
    users: { empty: 'No users yet.', invite: 'Do you want to add one?' },
    invoices: { empty: 'No invoices or credit notes yet.' },
    'promo-codes': { empty: 'No promo codes yet.', invite: 'Do you want to add one?' },
    plans: { empty: 'No plans yet.' },
  },
};
