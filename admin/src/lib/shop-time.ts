import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_TIME_ZONE, formatShopTime } from '@shop/contracts';
import { httpClient } from './http-client';

/**
 * The back-office shows an instant as `shopctl` prints it, with the same helper (`formatShopTime`
 * from `@shop/contracts`): in the shop's time zone (the server's SHOP_TIME_ZONE) with its offset,
 * to the second, `2026-11-26 14:03:07 +01:00`.
 */
export { DEFAULT_SHOP_TIME_ZONE, formatShopTime };

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
