import { showsSomething, UNSAFE_TEXT_MESSAGES, unsafeTextReason } from '@shop/domain';
import { z } from 'zod';

export interface TextOptions {
  /** Longest accepted, in characters after trimming. */
  max: number;
  /** Shortest accepted after trimming; 0 (the default) accepts an empty string. */
  min?: number;
  /** Tab and line breaks are allowed (a message, a description); any other control character never is. */
  multiline?: boolean;
  /** Leading and trailing white space is removed before the checks (the default). */
  trim?: boolean;
}

/**
 * The one string schema of every request field: well-formed Unicode, no control character (but
 * tab and line breaks in a multi-line field), a maximum length. What it accepts, PostgreSQL can store.
 * Words a person reads (the trimmed fields) are empty or show something: a name of zero-width
 * spaces alone is refused as the blank it looks like. Passwords and identifiers are left as sent.
 */
export function text(options: TextOptions) {
  const trimmed = options.trim !== false;
  const base = trimmed ? z.string().trim() : z.string();
  return base
    .check((ctx) => {
      const reason = unsafeTextReason(ctx.value, { multiline: options.multiline });
      if (reason) ctx.issues.push({ code: 'custom', message: UNSAFE_TEXT_MESSAGES[reason], input: ctx.value });
      else if (trimmed && ctx.value !== '' && !showsSomething(ctx.value))
        ctx.issues.push({ code: 'custom', message: 'Must contain a visible character', input: ctx.value });
    })
    .min(options.min ?? 0)
    .max(options.max);
}

/** An opaque identifier from a path or a body (a plan slug, a UUID, a provider's id). */
export const identifier = (max = 200) => text({ min: 1, max, trim: false });

/**
 * Whether an identifier is a UUID, the shape of the ids the shop makes (subscriptions, webhook
 * endpoints): anything else names none of them, and is not given to a `uuid` column to refuse.
 */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
