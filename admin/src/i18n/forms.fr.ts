import type { MessageTree } from './merge-messages';

/** What the back-office's own fields say, in French (an instant typed day first). */
export const formsMessages: MessageTree = {
  shop: {
    instant: {
      format: 'jj/mm/aaaa hh:mm:ss',
      invalid: 'Écrivez une date et une heure, par exemple 26/11/2026 13:05:00.',
    },
  },
};
