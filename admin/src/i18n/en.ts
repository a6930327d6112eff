import englishMessages from 'ra-language-english';
import common from '../locales/en/common.json';
import { mergeMessages, type MessageTree } from './merge-messages';

/** Each area's words in English (`locales/en/<area>.json`, see merge-messages.ts), added to the common ones. */
const areas = import.meta.glob<MessageTree>(['../locales/en/*.json', '!../locales/en/common.json'], {
  eager: true,
  import: 'default',
});

/** English: react-admin's own words, then ours, with the same keys as the French (locale-parity.unit.spec.ts). */
export const en = mergeMessages({ ...englishMessages, ...common }, ...Object.values(areas));
