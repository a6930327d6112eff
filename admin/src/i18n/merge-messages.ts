import type { TranslationMessages } from 'react-admin';

/** A part of the messages: one screen's or one area's keys, in the same tree as the whole. */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * The messages of a language from its parts, merged key by key: each area of the back-office
 * keeps its words in its own file per language (`locales/fr/<area>.json`, `locales/en/<area>.json`)
 * under the shared tree (`resources.<resource>`, `shop.<area>`), and a later part adds to an earlier one.
 */
export function mergeMessages(base: TranslationMessages, ...parts: MessageTree[]): TranslationMessages {
  const merged = structuredClone(base) as MessageTree;
  for (const part of parts) mergeInto(merged, part);
  return merged as TranslationMessages;
}

function mergeInto(target: MessageTree, part: MessageTree): void {
  for (const [key, value] of Object.entries(part)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') mergeInto(existing, value);
    else target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}
