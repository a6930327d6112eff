import { adminStats, asOfQuery, type AdminStats } from '@shop/contracts';
import type { EventStore } from '@shop/event-store';
import { subscriptionFigures, type SubscriptionFigures } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import type { CredentialService } from '../credentials/credential-service.js';
import { dashboardFiguresAsOf } from './stats-as-of.js';
import { jobLedgerCounts } from '../jobs/job-ledger.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';

/** A percentage rounded to one decimal; 0 where the seeds' formula would divide by zero. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/**
 * Monthly growth: new this month / (total − new this month) × 100. Null when nobody was there
 * before this month: there is nothing to grow from, and 0 would say the shop did not grow.
 */
export function growthPercentOf(newThisMonth: number, total: number): number | null {
  const before = total - newThisMonth;
  return before > 0 ? percentOf(newThisMonth, before) : null;
}

/**
 * The dashboard's figures from the read models' counts and the credentials' counters, with the
 * seeds' formulas: growth = new this month / (total − new this month) × 100, null without a
 * previous month (see growthPercentOf); revenue per user = total revenue / total users;
 * conversion = active / total users × 100; activity rate = active / (active + expired) × 100.
 */
export function dashboardStats(
  figures: SubscriptionFigures,
  credentials: AdminStats['credentials'],
  failedJobs: number,
): AdminStats {
  const { totalUsers, newUsersThisMonth, activeSubscriptions, expiredSubscriptions, totalRevenueCents } = figures;
  return {
    ...figures,
    revenuePerUserCents: totalUsers > 0 ? Math.round(totalRevenueCents / totalUsers) : 0,
    monthlyGrowthPercent: growthPercentOf(newUsersThisMonth, totalUsers),
    conversionPercent: percentOf(activeSubscriptions, totalUsers),
    activityRatePercent: percentOf(activeSubscriptions, activeSubscriptions + expiredSubscriptions),
    credentials,
    failedJobs,
  };
}

/**
 * The back-office's dashboard: `GET /api/admin/stats`, now from the read models, or `?asOf=` an
 * instant from the log (read models only know now). An instant still to come is refused
 * (`stats.as_of_in_future`): the log knows nothing of it, and today's figures under its date would mislead.
 */
export function adminStatsRoutes(
  deps: {
    knex: Knex;
    store: Pick<EventStore, 'readAll'>;
    clock: () => Date;
    credentials: Pick<CredentialService, 'counts' | 'countsAsOf'>;
  },
  doc: ApiDocument,
): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/stats',
      operationId: 'getDashboardFigures',
      summary: "Get the dashboard's figures",
      description:
        "The dashboard's figures: users, subscriptions, revenue (paid and not refunded), the seeds' ratios, the credentials' counters and the last 30 days (Paris days). Voided subscriptions and erased people count nowhere. With `asOf`, the same figures as they stood at that instant, folded from the events recorded up to then. An instant still to come is refused (`stats.as_of_in_future`).",
      tags: ['admin'],
      query: asOfQuery,
      responses: {
        200: { description: 'The figures, as of now or as of `asOf`', schema: adminStats },
        400: problem(
          'validation.failed (asOf is not an ISO 8601 instant); stats.as_of_in_future (asOf is still to come)',
        ),
      },
    },
    async (req, res) => {
      const { asOf } = parseOrReject(asOfQuery, req.query);
      const now = deps.clock();
      if (asOf && asOf.getTime() > now.getTime())
        throw new HttpProblem({
          status: 400,
          code: 'stats.as_of_in_future',
          detail: 'The figures are only known up to now: asOf is still to come',
          extra: { asOf: asOf.toISOString(), now: now.toISOString() },
        });
      const at = asOf ?? now;
      const [figures, credentials] = asOf
        ? await Promise.all([
            dashboardFiguresAsOf(deps.store, at).then((folded) => folded.figures),
            deps.credentials.countsAsOf(at),
          ])
        : await Promise.all([subscriptionFigures(deps.knex, now), deps.credentials.counts()]);
      const { failed } = await jobLedgerCounts(deps.knex, now);
      const answer: AdminStats = dashboardStats(figures, credentials, failed);
      res.json(answer);
    },
  );

  return router;
}
