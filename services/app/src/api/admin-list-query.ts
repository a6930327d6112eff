import type { Router } from 'express';
import { text } from '@shop/contracts';
import { z } from 'zod';
import { refuseSearchByPersonalData } from './auth/api-key-guard.js';
import { ADMIN_REFUSALS, problem, type ApiDocument } from './openapi.js';
import { parseOrReject } from './problem.js';

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

/** The `id` filter of a list react-admin reads records of by id (getMany, for a reference): one id or a list. */
export const idsFilter = oneOrMany(text({ max: 64 }));

/**
 * What a list may be sorted by: its fields, or a read model's sort table (each field and the column
 * it sorts on), whose fields are its keys.
 */
export type SortFields = readonly string[] | Readonly<Record<string, string>>;

/** The fields of a `SortFields`. */
export type SortField<S extends SortFields> = S extends readonly string[] ? S[number] : keyof S & string;

/** `["field","ASC"]`, the order in either case. */
export const sortParam = <S extends SortFields>(sortable: S, fallback: [SortField<S>, 'asc' | 'desc']) => {
  const fields = (Array.isArray(sortable) ? sortable : Object.keys(sortable)) as [SortField<S>, ...SortField<S>[]];
  return jsonParam(
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
};

/** `[0,24]`: inclusive row numbers, at most 1000 rows. */
export const rangeParam = jsonParam(
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([from, to]) => to >= from && to - from < 1000, 'From ≤ to, at most 1000 rows'),
)
  .optional()
  .describe('[0,24]: inclusive row numbers')
  .default([0, 24]);

/**
 * The `Content-Range` header of a page of `rows` that starts at row `from`, out of `total`; a page
 * with no row (past the end, or nothing to list) claims none: `users *\/9`, as HTTP writes a range
 * it cannot give. react-admin reads only the total, after the slash.
 */
export function contentRange(resource: string, from: number, rows: number, total: number): string {
  if (rows === 0) return `${resource} */${total}`;
  return `${resource} ${from}-${from + rows - 1}/${total}`;
}

/** react-admin's boolean inputs send booleans; a hand-written URL may say "true" or "false". */
export const booleanFilter = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/**
 * The query of a back-office list: `sort` on one of `fields` (`fallback` when absent), `range`, and
 * `filter`, a JSON object of `filter`'s fields (`example` in the document), `{}` when absent.
 */
export const adminListQuery = <S extends SortFields, Filter extends z.ZodObject>(
  fields: S,
  fallback: [SortField<S>, 'asc' | 'desc'],
  filter: Filter,
  example: string,
) =>
  z.object({
    sort: sortParam(fields, fallback),
    range: rangeParam,
    filter: jsonParam(filter)
      .optional()
      .describe(example)
      .default({} as z.core.util.NoUndefined<z.output<Filter>>),
  });

/** What a list's query reads, as the read models take it. */
export interface ListPage<F extends string, Filter> {
  sort: { field: F; order: 'asc' | 'desc' };
  range: { from: number; to: number };
  filter: Filter;
}

/**
 * Declares a back-office list `GET path` in the ra-data-simple-rest dialect: reads `query`
 * (built by `adminListQuery`), asks `list` for the page and answers its rows with
 * `Content-Range: <last segment of the path> a-b/total`. An API key without `read:personal-data`
 * may not search or sort by what the contracts mark as personal data.
 */
export function adminListRoute<F extends string, Filter, Rows extends z.ZodType<unknown[]>>(
  doc: ApiDocument,
  router: Router,
  route: {
    path: string;
    operationId: string;
    summary: string;
    description: string;
    query: z.ZodObject & z.ZodType<{ sort: [F, 'asc' | 'desc']; range: [number, number]; filter: Filter }>;
    /** The 200 answer. */
    rows: { description: string; schema: Rows };
  },
  list: (page: ListPage<F, Filter>) => Promise<{ data: z.output<Rows>; total: number }>,
): void {
  const resource = route.path.slice(route.path.lastIndexOf('/') + 1);
  doc.route(
    router,
    {
      method: 'get',
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: ['admin'],
      query: route.query,
      responses: {
        200: route.rows,
        // A key's search by personal data is refused here, past the guards that document the rest.
        403: problem(`${ADMIN_REFUSALS[403]!.description}, api_key.scope_missing`),
      },
    },
    async (req, res) => {
      const query = parseOrReject(route.query, req.query);
      refuseSearchByPersonalData(req, {
        schema: route.query,
        query,
        rows: route.rows.schema,
        sortedBy: query.sort[0],
      });
      const { sort, range, filter } = query;
      const { data, total } = await list({
        sort: { field: sort[0], order: sort[1] },
        range: { from: range[0], to: range[1] },
        filter,
      });
      res.set('Content-Range', contentRange(resource, range[0], data.length, total)).json(data);
    },
  );
}
