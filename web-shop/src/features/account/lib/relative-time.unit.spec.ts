import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-12T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime', () => {
  it('counts minutes under an hour, hours up to 23, then days', () => {
    expect(relativeTime(ago(20_000), NOW)).toEqual({ unit: 'now' });
    expect(relativeTime(ago(5 * 60_000), NOW)).toEqual({ unit: 'minute', value: 5 });
    expect(relativeTime(ago(59 * 60_000), NOW)).toEqual({ unit: 'minute', value: 59 });
    expect(relativeTime(ago(60 * 60_000), NOW)).toEqual({ unit: 'hour', value: 1 });
    expect(relativeTime(ago(23 * 3_600_000 + 59 * 60_000), NOW)).toEqual({ unit: 'hour', value: 23 });
    expect(relativeTime(ago(24 * 3_600_000), NOW)).toEqual({ unit: 'day', value: 1 });
    expect(relativeTime(ago(40 * 86_400_000), NOW)).toEqual({ unit: 'day', value: 40 });
  });

  it('treats a time slightly in the future (clock skew) as now', () => {
    expect(relativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toEqual({ unit: 'now' });
  });

  it('words it in the reader language', () => {
    expect(formatRelativeTime(ago(5 * 60_000), 'fr', NOW)).toBe('il y a 5 minutes');
    expect(formatRelativeTime(ago(2 * 3_600_000), 'en', NOW)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(1_000), 'en', NOW)).toBeNull();
  });
});
