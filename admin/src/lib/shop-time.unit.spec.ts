import { describe, expect, it } from 'vitest';
import { formatShopTime } from './shop-time';

describe('the shop time the back-office shows', () => {
  it('is the shop time zone with its offset, to the second', () => {
    expect(formatShopTime('2026-11-26T13:03:07.456Z', 'Europe/Paris')).toBe('2026-11-26 14:03:07 +01:00');
    expect(formatShopTime(new Date('2026-07-01T22:30:00Z'), 'Europe/Paris')).toBe('2026-07-02 00:30:00 +02:00');
  });

  it('shows a zero offset as +00:00 and offsets that are not whole hours', () => {
    expect(formatShopTime('2026-11-26T13:03:07Z', 'UTC')).toBe('2026-11-26 13:03:07 +00:00');
    expect(formatShopTime('2026-11-26T13:03:07Z', 'Asia/Kolkata')).toBe('2026-11-26 18:33:07 +05:30');
  });
});
