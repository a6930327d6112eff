/**
 * The one way instants are shown to operators and auditors (the history's summaries, `shopctl`,
 * the back-office, which reaches it through `@shop/contracts`): in the shop's time zone
 * (`SHOP_TIME_ZONE`) with its offset, to the second, `2026-11-26 14:03:07 +01:00`, so a time read
 * on screen and one read in a terminal compare as they are. With `utc`, the same instant in UTC
 * (`+00:00`).
 */
export const DEFAULT_SHOP_TIME_ZONE = 'Europe/Paris';

/** Whether the platform knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `2026-11-26 14:03:07 +01:00` for `2026-11-26T13:03:07Z` in Europe/Paris. */
export function formatShopTime(instant: Date | string, timeZone: string, options: { utc?: boolean } = {}): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    formatIn(options.utc ? 'UTC' : timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // "GMT+01:00", or "GMT" for a zero offset.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}
