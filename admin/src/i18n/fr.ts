import frenchMessages from 'ra-language-french';
import common from '../locales/fr/common.json';
import { mergeMessages, type MessageTree } from './merge-messages';

/** Each area's words in French (`locales/fr/<area>.json`, see merge-messages.ts), added to the common ones. */
const areas = import.meta.glob<MessageTree>(['../locales/fr/*.json', '!../locales/fr/common.json'], {
  eager: true,
  import: 'default',
});

/** French, the back-office's default: react-admin's own words, then ours (`resources.*`, `shop.*`). */
export const fr = mergeMessages({ ...frenchMessages, ...common }, ...Object.values(areas));
