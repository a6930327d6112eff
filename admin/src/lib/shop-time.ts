import { useQuery } from '@tanstack/react-query';
import { httpClient } from './http-client';

/**
 * The one way the back-office shows an instant to an operator or auditor: in the shop's time zone
 * (the server's SHOP_TIME_ZONE) with its offset, to the second, `2026-11-26 14:03:07 +01:00`, the
 * way `shopctl` prints it (services/app/src/i18n/shop-time.ts), so the two compare as they are.
 */
export const DEFAULT_SHOP_TIME_ZONE = 'Europe/Paris';

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
export function formatShopTime(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // "GMT+01:00", or "GMT" for a zero offset.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}

/** The shop's time zone, asked once of the server (GET /api/admin/time-zone). */
export function useShopTimeZone(): string {
  const zone = useQuery({
    queryKey: ['shop-time-zone'],
    queryFn: async () => ((await httpClient('/api/admin/time-zone')).json as { timeZone: string }).timeZone,
    staleTime: Infinity,
  });
  return zone.data ?? DEFAULT_SHOP_TIME_ZONE;
}

/** `formatShopTime` in the shop's time zone, for a screen. */
export function useShopTime(): (instant: string | Date) => string {
  const timeZone = useShopTimeZone();
  return (instant) => formatShopTime(instant, timeZone);
}
