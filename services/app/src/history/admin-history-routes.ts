import { historyPage, identifier, type HistoryPage } from '@shop/contracts';
import type { RecordedEvent } from '@shop/event-store';
import { Router } from 'express';
import { z } from 'zod';
import type { RecordHistory } from './record-history.js';
import { contentRange, rangeParam, sortParam } from '../api/admin-list-query.js';
import { requestLanguage } from '../api/language.js';
import { problems, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';

const historyQuery = z.object({
  sort: sortParam(['position'], ['position', 'desc']),
  range: rangeParam,
  lang: z.enum(['fr', 'en']).optional().describe('The language of the summaries; Accept-Language otherwise'),
});

const params = z.object({ id: identifier() });

/**
 * The auditor's reading of one subscription or one customer: every event of theirs and of the
 * streams tied to them, in the log's order, newest first unless asked otherwise.
 */
export function adminHistoryRoutes(deps: { history: RecordHistory }, doc: ApiDocument): Router {
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
        "A subscription's history: its events, what caused them (a provider's notification, a sync's observation), the credential sets assigned and its customer's identity events, in the log's order (ra-data-simple-rest page; Content-Range: history a-b/total).",
      notFound: { code: 'subscription.not_found', detail: 'No such subscription' },
      read: (id) => deps.history.ofSubscription(id),
    },
    {
      path: '/api/admin/users/:id/history',
      operationId: 'getUserHistory',
      summary: "Get a customer's history",
      description:
        "A customer's history: their account (sign-ins included), their subscriptions with what caused each payment and the credential sets assigned, and their inquiries, in the log's order (ra-data-simple-rest page; Content-Range: history a-b/total).",
      notFound: { code: 'account.not_found', detail: 'No such account' },
      read: (id) => deps.history.ofUser(id),
    },
  ];

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
          404: { description: notFound.code, ...problems },
        },
      },
      async (req, res) => {
        const id = String(req.params.id);
        const { sort, range } = parseOrReject(historyQuery, req.query);
        const events = await read(id);
        if (!events) throw new HttpProblem({ status: 404, ...notFound, extra: { id } });
        const ordered = sort[1] === 'desc' ? [...events].reverse() : events;
        const page = ordered.slice(range[0], range[1] + 1);
        const answer: HistoryPage = await deps.history.entries(page, requestLanguage(req));
        res.set('Content-Range', contentRange('history', range[0], page.length, events.length)).json(answer);
      },
    );
  }

  return router;
}
