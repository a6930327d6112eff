import { formatShopTime } from '@shop/domain';
import {
  asOfInstant,
  credentialRevealPage,
  historyPage,
  identifier,
  shopTimeZone,
  type HistoryEntry,
  type HistoryPage,
} from '@shop/contracts';
import type { RecordedEvent } from '@shop/event-store';
import { CREDENTIAL_REVEAL_SORT_FIELDS, listCredentialReveals } from '@shop/projections';
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { filterHistory, type HistoryFilter, type RecordHistory } from './record-history.js';
import type { DataExportCommands } from '../audit/data-export-commands.js';
import { recordExport } from '../audit/data-exports.js';
import {
  adminListQuery,
  adminListRoute,
  booleanFilter,
  contentRange,
  jsonParam,
  rangeParam,
  sortParam,
} from '../api/admin-list-query.js';
import { currentUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';
import { csvField } from '../invoicing/invoice-routes.js';

const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** `filter={"types":["OrderPlaced"],"signIns":true,"asOf":"2026-11-24T12:00:00Z"}`. */
const historyFilter = z.strictObject({
  types: z.array(z.string().regex(EVENT_TYPE)).max(100).optional(),
  signIns: booleanFilter.optional(),
  asOf: asOfInstant.optional(),
});

const filterParam = jsonParam(historyFilter)
  .optional()
  .describe(
    '{"types":["OrderPlaced"],"signIns":true,"asOf":"2026-11-24T12:00:00Z"}: only these event types, sign-ins shown (hidden by default), only what was recorded by then',
  )
  .default({});

const historyQuery = z.object({
  sort: sortParam(['position'], ['position', 'desc']),
  range: rangeParam,
  filter: filterParam,
  lang: z.enum(['fr', 'en']).optional().describe('The language of the summaries; Accept-Language otherwise'),
});

const exportQuery = z.object({
  format: z.enum(['csv', 'json']).default('csv').describe('csv (a spreadsheet) or json (one array of entries)'),
  filter: filterParam,
  lang: z.enum(['fr', 'en']).optional(),
});

const params = z.object({ id: identifier() });

const revealsQuery = adminListQuery(
  CREDENTIAL_REVEAL_SORT_FIELDS,
  ['revealedAt', 'desc'],
  z.object({
    userId: identifier().optional().describe('The reader'),
    credentialSetId: identifier().optional(),
    id: z.union([identifier(), z.array(identifier())]).optional(),
  }),
  '{"userId":"…","credentialSetId":"…"}',
);

/** A customer's history as a spreadsheet reads it: one line per event, in the shop's time. */
export function historyCsv(entries: readonly HistoryEntry[], timeZone: string): string {
  const header = [
    'position',
    'recorded_at',
    'recorded_at_utc',
    'stream',
    'version',
    'type',
    'subscription',
    'actor_type',
    'actor',
    'summary',
  ];
  const rows = entries.map((entry) => [
    csvField(entry.position),
    csvField(formatShopTime(entry.recordedAt, timeZone)),
    csvField(entry.recordedAt),
    csvField(entry.streamId, { text: true }),
    csvField(entry.version),
    csvField(entry.type),
    csvField(entry.subscription ? `${entry.subscription.planName} ${entry.subscription.id.slice(0, 8)}` : '', {
      text: true,
    }),
    csvField(entry.actor.type),
    csvField(entry.actor.name, { text: true }),
    csvField(entry.summary, { text: true }),
  ]);
  return [header.join(','), ...rows.map((row) => row.join(','))].join('\r\n');
}

/**
 * The auditor's reading of one subscription or one customer: every event of theirs and of the
 * streams tied to them, in the log's order, newest first unless asked otherwise; who read which
 * credential set; and the time zone the back-office shows instants in.
 */
export function adminHistoryRoutes(
  deps: {
    history: RecordHistory;
    knex: Knex;
    timeZone: string;
    commands: { dataExports: DataExportCommands };
    clock: () => Date;
  },
  doc: ApiDocument,
): Router {
  const router = Router();
  const histories: Array<{
    path: string;
    operationId: string;
    summary: string;
    description: string;
    notFound: { code: string; detail: string };
    read: (id: string) => Promise<RecordedEvent[] | null>;
  }> = [
    {
      path: '/api/admin/subscriptions/:id/history',
      operationId: 'getSubscriptionHistory',
      summary: "Get a subscription's history",
      description:
        "A subscription's history: its events, what caused them (a provider's notification, a sync's observation), the credential sets assigned and its customer's identity events, in the log's order (ra-data-simple-rest page; Content-Range: history a-b/total). `filter` narrows it to event types and up to an instant.",
      notFound: { code: 'subscription.not_found', detail: 'No such subscription' },
      read: (id) => deps.history.ofSubscription(id),
    },
    {
      path: '/api/admin/users/:id/history',
      operationId: 'getUserHistory',
      summary: "Get a customer's history",
      description:
        "A customer's history: their account, their subscriptions with what caused each payment and the credential sets assigned, their inquiries and the passwords they read, in the log's order, each line naming its subscription (ra-data-simple-rest page; Content-Range: history a-b/total). Sign-ins are left out unless `filter` asks for them (`signIns`: true); `filter` also narrows it to event types and up to an instant.",
      notFound: { code: 'account.not_found', detail: 'No such account' },
      read: (id) => deps.history.ofUser(id),
    },
  ];

  const readFiltered = async (
    read: (id: string) => Promise<RecordedEvent[] | null>,
    id: string,
    notFound: { code: string; detail: string },
    filter: HistoryFilter,
  ) => {
    const events = await read(id);
    if (!events) throw new HttpProblem({ status: 404, ...notFound, extra: { id } });
    return filterHistory(events, { signIns: false, ...filter });
  };

  for (const { path, operationId, summary, description, notFound, read } of histories) {
    doc.route(
      router,
      {
        method: 'get',
        path,
        operationId,
        summary,
        description,
        tags: ['admin'],
        params,
        query: historyQuery,
        responses: {
          200: { description: 'One page of the history', schema: historyPage },
          400: problem('validation.failed (a bad page, sort or filter)'),
          404: problem(notFound.code),
        },
      },
      async (req, res) => {
        const id = String(req.params.id);
        const { sort, range, filter } = parseOrReject(historyQuery, req.query);
        const events = await readFiltered(read, id, notFound, filter);
        const ordered = sort[1] === 'desc' ? [...events].reverse() : events;
        const page = ordered.slice(range[0], range[1] + 1);
        const answer: HistoryPage = await deps.history.entries(page, requestLanguage(req));
        res.set('Content-Range', contentRange('history', range[0], page.length, events.length)).json(answer);
      },
    );
  }

  const userHistory = histories[1]!;
  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/users/:id/history/types',
      operationId: 'getUserHistoryTypes',
      summary: "The event types of a customer's history",
      description:
        "Each event type a customer's history holds and how many times, sign-ins included, for the history's type filter.",
      tags: ['admin'],
      params,
      responses: {
        200: {
          description: 'Types and counts',
          schema: z.array(z.object({ type: z.string(), count: z.number().int() })),
        },
        404: problem(userHistory.notFound.code),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const events = await readFiltered(userHistory.read, id, userHistory.notFound, { signIns: true });
      const counts = new Map<string, number>();
      for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      res.json([...counts].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type)));
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/exports/user-history/:id',
      operationId: 'exportUserHistory',
      summary: "Download a customer's history",
      description:
        "The customer's history as the panel shows it with the same `filter`, oldest first, whole: CSV (text/csv, UTF-8, times in the shop's time zone and in UTC) or JSON (the entries). Recorded as an export (DataExported, resource `user-history`).",
      tags: ['admin'],
      params,
      query: exportQuery,
      responses: {
        200: { description: 'The file (text/csv or application/json), as an attachment' },
        400: problem('validation.failed'),
        404: problem(userHistory.notFound.code),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const { format, filter } = parseOrReject(exportQuery, req.query);
      const events = await readFiltered(userHistory.read, id, userHistory.notFound, filter);
      const entries = await deps.history.entries(events, requestLanguage(req));
      await recordExport(
        deps,
        {
          resource: 'user-history',
          filterNames: Object.keys(filter).filter((name) => filter[name as keyof typeof filter] !== undefined),
          rowCount: entries.length,
        },
        { operatorId: currentUser(req).userId, idempotencyKey: undefined, correlationId: String(req.id) },
      );
      const name = `history-${id}-${deps.clock().toISOString().slice(0, 10)}.${format}`;
      res.status(200).set('Content-Disposition', `attachment; filename="${name}"`);
      if (format === 'json') res.type('application/json').send(JSON.stringify(entries, null, 2));
      // A byte order mark, so that a spreadsheet reads the accents as UTF-8.
      else res.type('text/csv; charset=utf-8').send(`\uFEFF${historyCsv(entries, deps.timeZone)}`);
    },
  );

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/credential-reveals',
      operationId: 'listCredentialReveals',
      summary: 'List who read which credential set',
      description:
        "Every reading of a credential set's password (an operator's reveal, a customer's credentials page): who, which set and version, when, through which subscription; newest first. Filters: `userId` (the reader), `credentialSetId` (ra-data-simple-rest list; Content-Range: credential-reveals a-b/total).",
      query: revealsQuery,
      rows: { description: 'Readings', schema: credentialRevealPage },
    },
    ({ filter, ...page }) =>
      listCredentialReveals(deps.knex, {
        ...page,
        filter: {
          userId: filter.userId,
          credentialSetId: filter.credentialSetId,
          ids: filter.id === undefined ? undefined : [filter.id].flat(),
        },
      }),
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/time-zone',
      operationId: 'getShopTimeZone',
      summary: "The shop's time zone",
      description: 'The time zone (SHOP_TIME_ZONE) in which the back-office shows instants, with their offset.',
      tags: ['admin'],
      responses: { 200: { description: 'The time zone', schema: shopTimeZone } },
    },
    (_req: Request, res) => {
      res.json({ timeZone: deps.timeZone });
    },
  );

  return router;
}
