import { z } from 'zod';

/**
 * The pieces of a back-office list request in the ra-data-simple-rest dialect:
 * `?sort=["field","ASC"]&range=[0,24]&filter={...}`, answered with `Content-Range: <resource> a-b/total`.
 */

/** A JSON-encoded query parameter (react-admin's `sort`, `range`, `filter`). */
export const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A filter value react-admin sends as one value or a list (getMany sends `{ id: [...] }`). */
export const oneOrMany = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.array(schema)]).transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);

/** `["field","ASC"]`, the order in either case. */
export const sortParam = <F extends string>(fields: readonly [F, ...F[]], fallback: [F, 'asc' | 'desc']) =>
  jsonParam(
    z.tuple([
      z.enum(fields),
      z
        .string()
        .toLowerCase()
        .pipe(z.enum(['asc', 'desc'])),
    ]),
  )
    .optional()
    .describe(`["${fallback[0]}","${fallback[1].toUpperCase()}"]: one of ${fields.join(', ')}`)
    .default(fallback);

/** `[0,24]`: inclusive row numbers, at most 1000 rows. */
export const rangeParam = jsonParam(
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([from, to]) => to >= from && to - from < 1000, 'From ≤ to, at most 1000 rows'),
)
  .optional()
  .describe('[0,24]: inclusive row numbers')
  .default([0, 24]);

/** The `Content-Range` header of a page of `rows` that starts at row `from`, out of `total`. */
export function contentRange(resource: string, from: number, rows: number, total: number): string {
  const last = rows === 0 ? from : from + rows - 1;
  return `${resource} ${from}-${last}/${total}`;
}
