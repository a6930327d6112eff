const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTime = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day'; value: number };

/** Seeds §9: under an hour in minutes, then hours up to 23, then days; under a minute is "now". */
export function relativeTime(iso: string, now = Date.now()): RelativeTime {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minute', value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hour', value: Math.floor(elapsed / HOUR) };
  return { unit: 'day', value: Math.floor(elapsed / DAY) };
}

/** `il y a 5 minutes`, `5 hours ago`; `null` for "now", which the screens word themselves. */
export function formatRelativeTime(iso: string, language: string, now = Date.now()): string | null {
  const time = relativeTime(iso, now);
  if (time.unit === 'now') return null;
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(-time.value, time.unit);
}
