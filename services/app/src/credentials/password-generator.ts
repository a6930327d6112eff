import { randomInt } from 'node:crypto';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*';
const CLASSES = [UPPER, LOWER, DIGITS, SYMBOLS] as const;
const ALPHABET = CLASSES.join('');

export const GENERATED_PASSWORD_LENGTH = 12;

/**
 * A password for a service account: 12 characters drawn uniformly (crypto randomness) from
 * upper and lower case letters, digits and ! @ # $ % ^ & *. A draw that misses one of the four
 * kinds is drawn again, since services often insist on each.
 */
export function generateServicePassword(length = GENERATED_PASSWORD_LENGTH): string {
  for (;;) {
    const password = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (CLASSES.every((kind) => [...password].some((c) => kind.includes(c)))) return password;
  }
}
