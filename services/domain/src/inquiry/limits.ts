/**
 * Field limits of the visitor forms (support, contact, affiliate, partnership, suggestion).
 * The API builds its validation from these; the shop's forms use the same numbers.
 * Lengths count characters after trimming.
 */
export const INQUIRY_LIMITS = {
  name: { min: 1, max: 100 },
  email: { max: 254 },
  /** Digits, spaces and + ( ) - . only. */
  phone: { max: 30, pattern: '^[0-9 +().-]+$' },
  /** An http(s) URL. */
  website: { max: 200 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
  experience: { min: 10, max: 2000 },
  motivation: { min: 10, max: 2000 },
  description: { min: 10, max: 5000 },
  expectedVolume: { max: 100 },
  suggestion: { min: 3, max: 1000 },
  /** The operator's reply to the visitor, from the back-office. */
  reply: { min: 2, max: 5000 },
} as const;
