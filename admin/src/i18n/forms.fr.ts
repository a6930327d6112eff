import type { MessageTree } from './merge-messages';

/** What the back-office's own fields say, in French (an instant typed day first). */
export const formsMessages: MessageTree = {
  shop: {
    instant: {
      dayFormat: 'jj/mm/aaaa',
      invalidDay: 'Écrivez une date, par exemple 26/11/2026.',
      format: 'jj/mm/aaaa hh:mm:ss',
      invalid: 'Écrivez une date et une heure, par exemple 26/11/2026 13:05:00.',
    },
  },
};
