import { describe, expect, it } from 'vitest';
import { instantText, parseInstantText } from './instant-text';

describe('an instant as the operator types it', () => {
  it('is written day first, to the second', () => {
    expect(instantText(new Date(2026, 10, 26, 9, 5, 7))).toBe('26/11/2026 09:05:07');
  });

  it('is read day first, with or without seconds or time, and as machines write it', () => {
    expect(parseInstantText('26/11/2026 13:05:09')).toEqual(new Date(2026, 10, 26, 13, 5, 9));
    expect(parseInstantText(' 1/2/2026 8:30 ')).toEqual(new Date(2026, 1, 1, 8, 30, 0));
    expect(parseInstantText('26/11/2026')).toEqual(new Date(2026, 10, 26));
    expect(parseInstantText('2026-11-26T13:05')).toEqual(new Date(2026, 10, 26, 13, 5));
    expect(parseInstantText('2026-11-26T13:05:09')).toEqual(new Date(2026, 10, 26, 13, 5, 9));
  });

  it('refuses what is not a day that exists', () => {
    for (const typed of ['', 'demain', '11/26/2026 10:00', '31/02/2026', '26/11/2026 24:00', '26/11/26']) {
      expect(parseInstantText(typed)).toBeNull();
    }
  });
});
