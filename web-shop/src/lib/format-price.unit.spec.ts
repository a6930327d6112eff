import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

// Intl separates the French amount from the sign with a no-break space, so the two never wrap apart.
const normalSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('writes euros the French way', () => {
    expect(normalSpaces(formatPrice(453, 'EUR', 'fr'))).toBe('4,53 €');
  });

  it('writes euros the English way', () => {
    expect(formatPrice(453, 'EUR', 'en')).toBe('€4.53');
  });

  it('keeps two decimals on whole amounts and groups thousands', () => {
    expect(formatPrice(1200, 'EUR', 'en')).toBe('€12.00');
    expect(normalSpaces(formatPrice(123456, 'EUR', 'fr'))).toBe('1 234,56 €');
  });

  it('writes euros in both languages exactly as Intl does, signs, groups and no-break spaces included', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 453, 1200, 99_999, 100_000, 123_456, 1_234_567_89, -1, -453, -123_456];
    for (const language of ['fr', 'en']) {
      const intl = new Intl.NumberFormat({ fr: 'fr-FR', en: 'en-IE' }[language], {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
      });
      for (const cents of amounts) expect(formatPrice(cents, 'EUR', language)).toBe(intl.format(cents / 100));
    }
  });

  it('writes other currencies through Intl', () => {
    expect(formatPrice(453, 'USD', 'en')).toBe('US$4.53');
  });

  it('falls back to the language tag it is given', () => {
    expect(formatPrice(453, 'EUR', 'de')).toMatch(/^4,53\s€$/);
  });
});
