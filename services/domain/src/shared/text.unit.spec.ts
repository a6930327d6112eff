import { describe, expect, it } from 'vitest';
import { toStorable, toStorableText, unsafeTextReason } from './text.js';

describe('text the shop accepts', () => {
  it('refuses control characters, allows tab and line breaks only in multi-line fields, and refuses lone surrogates', () => {
    expect(unsafeTextReason('Camille Martin')).toBeNull();
    expect(unsafeTextReason('a\u0000b')).toBe('control_character');
    expect(unsafeTextReason('a\nb')).toBe('control_character');
    expect(unsafeTextReason('a\n\tb\r\n', { multiline: true })).toBeNull();
    expect(unsafeTextReason('a\u0007b', { multiline: true })).toBe('control_character');
    expect(unsafeTextReason('x\ud800')).toBe('not_unicode');
    expect(unsafeTextReason('😀')).toBeNull();
  });
});

describe('text a projection stores', () => {
  it('replaces NUL and lone surrogates with U+FFFD, keeps well-formed pairs', () => {
    expect(toStorableText('a\u0000b\ud800c\udfff😀')).toBe('a\ufffdb\ufffdc\ufffd😀');
  });

  it('makes every string of a value storable, keys included, and returns a clean value unchanged', () => {
    const clean = { name: 'Camille', tags: ['a', { deep: 'b' }], n: 1, on: true, none: null };
    expect(toStorable(clean)).toBe(clean);
    expect(toStorable({ 'k\u0000': ['x', { deep: 'y\ud800' }], n: 1 })).toEqual({
      'k\ufffd': ['x', { deep: 'y\ufffd' }],
      n: 1,
    });
  });
});
