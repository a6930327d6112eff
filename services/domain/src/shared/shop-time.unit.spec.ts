import { describe, expect, it } from 'vitest';
import { formatShopTime, isTimeZone } from './shop-time.js';

describe('the shop time an operator reads', () => {
  it('is the shop time zone with its offset, to the second', () => {
    expect(formatShopTime('2026-11-26T13:03:07.456Z', 'Europe/Paris')).toBe('2026-11-26 14:03:07 +01:00');
  });

  it('follows summer time', () => {
    expect(formatShopTime(new Date('2026-07-01T22:30:00Z'), 'Europe/Paris')).toBe('2026-07-02 00:30:00 +02:00');
  });

  it('shows a zero offset as +00:00, and UTC when asked', () => {
    expect(formatShopTime('2026-11-26T13:03:07Z', 'Europe/London')).toBe('2026-11-26 13:03:07 +00:00');
    expect(formatShopTime('2026-11-26T13:03:07Z', 'Europe/Paris', { utc: true })).toBe('2026-11-26 13:03:07 +00:00');
  });

  it('shows offsets that are not whole hours', () => {
    expect(formatShopTime('2026-11-26T13:03:07Z', 'Asia/Kolkata')).toBe('2026-11-26 18:33:07 +05:30');
    expect(formatShopTime('2026-11-26T13:03:07Z', 'America/New_York')).toBe('2026-11-26 08:03:07 -05:00');
  });

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Europe/Pariss')).toBe(false);
  });
});
