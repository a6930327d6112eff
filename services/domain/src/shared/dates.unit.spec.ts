import { describe, expect, it } from 'vitest';
import { addMonthsUtc } from './dates.js';

describe('addMonthsUtc', () => {
  it.each([
    { from: '2025-03-10T09:05:00.000Z', months: 3, to: '2025-06-10T09:05:00.000Z', why: 'same day of month' },
    { from: '2025-01-31T10:00:00.000Z', months: 1, to: '2025-02-28T10:00:00.000Z', why: 'clamps to 28 February' },
    {
      from: '2024-01-31T10:00:00.000Z',
      months: 1,
      to: '2024-02-29T10:00:00.000Z',
      why: 'clamps to 29 February (leap)',
    },
    { from: '2025-01-29T10:00:00.000Z', months: 1, to: '2025-02-28T10:00:00.000Z', why: '29th in a short February' },
    { from: '2025-03-31T10:00:00.000Z', months: 1, to: '2025-04-30T10:00:00.000Z', why: 'clamps to a 30-day month' },
    {
      from: '2025-05-31T10:00:00.000Z',
      months: 3,
      to: '2025-08-31T10:00:00.000Z',
      why: 'keeps the 31st when it exists',
    },
    { from: '2024-02-29T10:00:00.000Z', months: 12, to: '2025-02-28T10:00:00.000Z', why: 'leap day + 1 year' },
    {
      from: '2023-02-28T10:00:00.000Z',
      months: 12,
      to: '2024-02-28T10:00:00.000Z',
      why: 'does not jump to the leap day',
    },
    {
      from: '2025-12-15T10:00:00.000Z',
      months: 1,
      to: '2026-01-15T10:00:00.000Z',
      why: 'December rolls over the year',
    },
    { from: '2025-11-30T10:00:00.000Z', months: 3, to: '2026-02-28T10:00:00.000Z', why: 'year rollover and clamping' },
    { from: '2025-10-31T10:00:00.000Z', months: 12, to: '2026-10-31T10:00:00.000Z', why: 'twelve months is a year' },
    { from: '2025-03-31T10:00:00.000Z', months: -1, to: '2025-02-28T10:00:00.000Z', why: 'negative months go back' },
    { from: '2025-03-10T09:05:00.000Z', months: 0, to: '2025-03-10T09:05:00.000Z', why: 'zero months' },
  ])('$from + $months -> $to ($why)', ({ from, months, to }) => {
    expect(addMonthsUtc(from, months).toISOString()).toBe(to);
  });

  it('preserves the time of day to the millisecond, even at the end of the day', () => {
    expect(addMonthsUtc('2025-01-31T23:59:59.999Z', 1).toISOString()).toBe('2025-02-28T23:59:59.999Z');
    expect(addMonthsUtc('2025-12-31T00:00:00.001Z', 2).toISOString()).toBe('2026-02-28T00:00:00.001Z');
  });

  it('reads the calendar in UTC, whatever offset the input carries', () => {
    // 31 January 23:30 at UTC-2 is already 1 February in UTC.
    expect(addMonthsUtc('2025-01-31T23:30:00-02:00', 1).toISOString()).toBe('2025-03-01T01:30:00.000Z');
  });

  it('accepts a Date and leaves it untouched', () => {
    const start = new Date('2024-01-31T12:00:00.000Z');
    expect(addMonthsUtc(start, 1).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(start.toISOString()).toBe('2024-01-31T12:00:00.000Z');
  });
});
