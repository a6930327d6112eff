/**
 * A form's values as a request body: strings trimmed, and optional fields left empty omitted
 * (the API treats an absent field and a missing value alike, an empty string as bad input).
 */
export function compactBody<T extends object>(values: T): Partial<T> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept === '' || kept === undefined || kept === null) continue;
    body[key] = kept;
  }
  return body as Partial<T>;
}
