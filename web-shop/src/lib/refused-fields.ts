import { ApiError } from './api-client';

/**
 * The top-level body fields a 400 problem names (`errors: [{ path: 'email', message }]`, or a
 * `promotionMethods.0` path, which counts for `promotionMethods`); empty for any other failure.
 */
export function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const errors = error.problem.errors;
  if (!Array.isArray(errors)) return [];
  const fields = errors.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { path, field } = entry as { path?: unknown; field?: unknown };
    const name = typeof path === 'string' ? path : Array.isArray(path) ? path.join('.') : field;
    if (typeof name !== 'string' || name === '') return [];
    // `email`, `/email` (a JSON pointer) and `body.email` all name the field `email`.
    const segments = name.split(/[./[]/).filter(Boolean);
    const first = segments[0] === 'body' ? segments[1] : segments[0];
    return first ? [first] : [];
  });
  return [...new Set(fields)];
}
