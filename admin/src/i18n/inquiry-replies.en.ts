import type { MessageTree } from './merge-messages';

/** The thread of an inquiry and the operator's reply, in English. */
export const inquiryRepliesMessages: MessageTree = {
  shop: {
    inquiries: {
      replies: {
        title: 'Conversation',
        visitor: 'The visitor',
        label: 'Your reply',
        help: 'E-mailed to %{email} (language: %{language}) and kept in the inquiry’s history.',
        tooLong: '%{length} characters: %{max} at most.',
        send: 'Send the reply',
        sent: 'Reply sent to %{email}',
        loadError: 'Could not load the replies',
        noEmail: 'The visitor left no e-mail address: there is nobody to reply to.',
        erased: 'This visitor’s data was erased: they can no longer be replied to.',
      },
    },
    errors: {
      inquiry: {
        erased: 'This visitor’s data was erased: they can no longer be replied to.',
        no_email: 'The visitor left no e-mail address: there is nobody to reply to.',
      },
    },
  },
};
