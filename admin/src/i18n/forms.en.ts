import type { MessageTree } from './merge-messages';

/** What the back-office's own fields say, in English (an instant typed day first). */
export const formsMessages: MessageTree = {
  shop: {
    instant: {
      dayFormat: 'dd/mm/yyyy',
      invalidDay: 'Type a date, for example 26/11/2026.',
      format: 'dd/mm/yyyy hh:mm:ss',
      invalid: 'Type a date and a time, for example 26/11/2026 13:05:00.',
    },
  },
};
