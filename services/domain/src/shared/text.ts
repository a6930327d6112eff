/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/**
 * Text the shop accepts and stores. PostgreSQL cannot hold a NUL in `text` or `jsonb`, nor a
 * lone UTF-16 surrogate (it is not Unicode), so one bad string reaching a read model used to stop
 * its projection for good. Requests are checked at the door with `unsafeTextReason`; projections
 * pass everything they read from the log through `toStorableText`, because events are forever.
 */

/** C0 controls and DEL; a multi-line field may hold tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u001f\u007f]/u;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;
/** With the `u` flag a lone surrogate is one code point of its own; a well-formed pair is not. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const UNSTORABLE = /[\u0000\p{Surrogate}]/gu;

export type UnsafeTextReason = 'control_character' | 'not_unicode';

/** Why `value` may not be accepted as text, or null when it may. */
export function unsafeTextReason(value: string, options: { multiline?: boolean } = {}): UnsafeTextReason | null {
  if (LONE_SURROGATE.test(value)) return 'not_unicode';
  if ((options.multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value)) return 'control_character';
  return null;
}

/** A character that shows: neither white space nor one drawn as nothing (zero-width space, Hangul filler, soft hyphen, joiners). */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Whether `value` shows anything to a reader. Words a person reads (a name, a subject) are empty
 * or show something: zero-width spaces alone look like the blank they are taken for.
 */
export const showsSomething = (value: string): boolean => VISIBLE.test(value);

export const UNSAFE_TEXT_MESSAGES: Record<UnsafeTextReason, string> = {
  control_character: 'Must not contain control characters',
  not_unicode: 'Must be well-formed Unicode text',
};

/** `value` with each NUL and lone surrogate replaced by U+FFFD, the Unicode replacement character. */
export function toStorableText(value: string): string {
  return value.replace(UNSTORABLE, '\ufffd');
}

/**
 * A JSON-like value with every string in it (keys too) made storable. Projections pass every event
 * through it, so a value that needs nothing is returned as it is, not copied.
 */
export function toStorable<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => toStorable(item));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>);
    const storable = entries.map(([key, item]) => [toStorableText(key), toStorable(item)] as const);
    const changed = storable.some(([key, item], index) => key !== entries[index]![0] || item !== entries[index]![1]);
    return (changed ? Object.fromEntries(storable) : value) as T;
  }
  return value;
}
