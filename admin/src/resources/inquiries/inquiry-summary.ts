import type { Inquiry } from './inquiry-vocabulary';

const SUMMARY_LENGTH = 80;

/** A line that says what the inquiry is about: its subject, or the start of its main text when its form has none. */
export function summaryOf(inquiry: Inquiry): string {
  if (inquiry.subject) return inquiry.subject;
  const text = [inquiry.details.suggestion, inquiry.details.description, inquiry.details.motivation].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (!text) return '';
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line;
}
