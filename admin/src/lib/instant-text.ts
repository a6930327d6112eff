const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as the operator reads and types it, in their browser's time zone: day first in both
 * languages of the back-office (fr-FR and en-GB), `26/11/2026 13:05:00`. A browser's own date
 * widget follows the browser's language instead, and shows 11/26/2026 to an operator reading French.
 */
export function instantText(at: Date): string {
  const day = `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
  return `${day} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[\sT,]+(\d{1,2})[:h](\d{2})(?::(\d{2}))?)?$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[\sT](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant typed, in the browser's time zone: `26/11/2026 13:05:00` (seconds, or the time, may
 * be left out: midnight), or `2026-11-26T13:05:00` as machines write it. Null for anything else,
 * a 31 February included.
 */
export function parseInstantText(text: string): Date | null {
  const typed = text.trim();
  const dayFirst = DAY_FIRST.exec(typed);
  const iso = dayFirst ? null : ISO_LOCAL.exec(typed);
  if (!dayFirst && !iso) return null;
  const [year, month, day] = dayFirst
    ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number)
    : [iso![1], iso![2], iso![3]].map(Number);
  const [hours, minutes, seconds] = ((dayFirst ?? iso)!.slice(4, 7) as Array<string | undefined>).map((part) =>
    Number(part ?? 0),
  );
  const at = new Date(year!, month! - 1, day!, hours, minutes, seconds);
  const exact =
    at.getFullYear() === year &&
    at.getMonth() === month! - 1 &&
    at.getDate() === day &&
    at.getHours() === hours &&
    at.getMinutes() === minutes &&
    at.getSeconds() === seconds;
  return exact ? at : null;
}
