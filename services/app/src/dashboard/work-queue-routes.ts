import {
  CREDENTIALS_PROMISED_HOURS,
  workQueue,
  type WorkQueue,
  type WorkQueueItem,
  type WorkQueueItemKey,
} from '@shop/contracts';
import {
  countSubscriptionsForAdmin,
  listInquiries,
  type AdminSubscriptionListQuery,
  type SubscriptionWaitColumn,
} from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import type { ApiDocument } from '../api/openapi.js';

const HOUR_MS = 3600_000;
/** A checkout still unpaid an hour on is worth a look (a lost webhook, a payment to sync). */
export const PENDING_PAYMENT_AFTER_HOURS = 1;
/** Subscriptions ending within these days are shown ahead of their expiry. */
export const EXPIRING_WITHIN_DAYS = 7;

type SubscriptionFilter = Omit<AdminSubscriptionListQuery['filter'], 'q'>;

/**
 * A subscriptions filter as the list's `filter` query parameter says it: instants in ISO 8601, and
 * one value alone rather than a list of one (what the list's own filter inputs send and show).
 */
const asListFilter = (filter: SubscriptionFilter): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(filter).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : Array.isArray(value) && value.length === 1 ? value[0] : value,
    ]),
  );

const SORT_OF: Record<SubscriptionWaitColumn, string> = {
  created_at: 'createdAt',
  paid_at: 'paidAt',
  expires_at: 'expiresAt',
  // The list sorts by order date; the requests and declines come roughly in that order.
  refund_requested_at: 'createdAt',
  renewal_failed_at: 'createdAt',
};

/**
 * The operator's work waiting now, each item counted by the very filter its list applies (the
 * subscriptions' and inquiries' list queries), so that a click on a count shows those rows.
 */
export async function workQueueAt(knex: Knex, now: Date): Promise<WorkQueue> {
  const subscriptions = async (
    key: WorkQueueItemKey,
    filter: SubscriptionFilter,
    column: SubscriptionWaitColumn,
  ): Promise<WorkQueueItem> => {
    const { count, earliest } = await countSubscriptionsForAdmin(knex, filter, column);
    return {
      key,
      count,
      oldestAt: earliest,
      resource: 'subscriptions',
      filter: asListFilter(filter),
      sort: { field: SORT_OF[column], order: 'ASC' },
    };
  };
  // Paid, running, no set yet: what the dashboard's "to supply" counts (an expired one is past supplying).
  const toSupply: SubscriptionFilter = { status: ['active'], hasCredentials: false, expiresAfter: now };
  const overdueFilter: SubscriptionFilter = {
    ...toSupply,
    paidBefore: new Date(now.getTime() - CREDENTIALS_PROMISED_HOURS * HOUR_MS),
  };
  const newInquiries = { status: ['new' as const] };
  const [credentials, overdue, inquiries, pending, refunds, renewals, expiring] = await Promise.all([
    subscriptions('credentials_to_supply', toSupply, 'paid_at'),
    countSubscriptionsForAdmin(knex, overdueFilter, 'paid_at'),
    listInquiries(knex, {
      filter: newInquiries,
      sort: { field: 'receivedAt', order: 'asc' },
      range: { from: 0, to: 0 },
    }),
    subscriptions(
      'pending_payments',
      { status: ['pending'], createdBefore: new Date(now.getTime() - PENDING_PAYMENT_AFTER_HOURS * HOUR_MS) },
      'created_at',
    ),
    subscriptions('refund_requests', { refundRequested: true }, 'refund_requested_at'),
    subscriptions('failed_renewals', { renewalFailed: true }, 'renewal_failed_at'),
    subscriptions(
      'expiring_soon',
      {
        status: ['active'],
        expiresAfter: now,
        expiresBefore: new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 24 * HOUR_MS),
      },
      'expires_at',
    ),
  ]);
  const items: WorkQueueItem[] = [
    {
      ...credentials,
      overdue: {
        count: overdue.count,
        hours: CREDENTIALS_PROMISED_HOURS,
        resource: 'subscriptions',
        filter: asListFilter(overdueFilter),
        sort: { field: 'paidAt', order: 'ASC' },
      },
    },
    {
      key: 'new_inquiries',
      count: inquiries.total,
      oldestAt: inquiries.data[0]?.receivedAt ?? null,
      resource: 'inquiries',
      filter: { status: 'new' },
      sort: { field: 'receivedAt', order: 'ASC' },
    },
    pending,
    refunds,
    renewals,
    expiring,
  ];
  return {
    at: now.toISOString(),
    // Expiring subscriptions are a heads-up (their customers are reminded by e-mail), not work.
    total: items.filter((item) => item.key !== 'expiring_soon').reduce((sum, item) => sum + item.count, 0),
    items,
  };
}

/** `GET /api/admin/work-queue`: the dashboard's work queue and the menu's badge. */
export function workQueueRoutes(deps: { knex: Knex; clock: () => Date }, doc: ApiDocument): Router {
  const router = Router();
  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/work-queue',
      operationId: 'getWorkQueue',
      summary: "Get the operator's work waiting",
      description: `Counts from the read models, each with the oldest one's date and the back-office list (resource, filter, sort) that shows exactly those rows: credentials to supply (and those past the ${CREDENTIALS_PROMISED_HOURS} hours promised), new inquiries, payments pending for more than ${PENDING_PAYMENT_AFTER_HOURS} hour, refund requests, declined renewals, and subscriptions expiring within ${EXPIRING_WITHIN_DAYS} days.`,
      tags: ['admin'],
      responses: { 200: { description: 'The work waiting now', schema: workQueue } },
    },
    async (_req, res) => {
      res.json(await workQueueAt(deps.knex, deps.clock()));
    },
  );
  return router;
}
