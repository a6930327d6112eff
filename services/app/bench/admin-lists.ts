import {
  accountsProjection,
  activateGeneration,
  countUsersBySegment,
  createGeneration,
  listSubscriptionsForAdmin,
  listUsersForAdmin,
  physicalTableName,
  refreshCustomerStanding,
  subscriptionFigures,
  subscriptionsProjection,
  type AdminSubscriptionListQuery,
  type AdminUserListQuery,
} from '@shop/projections';
import knexFactory, { type Knex } from 'knex';
import { round, summarize, type LatencySummary } from './stats.js';

export interface AdminListsSize {
  customers: number;
  subscriptions: number;
  /** Runs per case, and the time a case may take at most (whichever comes first). */
  runs: number;
  maxCaseMs: number;
  /** Measure only the cases whose name contains this, on read models already filled (profiling). */
  only?: string;
  reuse?: boolean;
}

export interface AdminListFigures extends LatencySummary {
  case: string;
  /** Rows the query matched (its Content-Range total), to show the case is not trivially empty. */
  total: number | null;
}

export interface AdminListsFigures {
  customers: number;
  subscriptions: number;
  fillSeconds: number;
  cases: AdminListFigures[];
}

const WARMUP_RUNS = 5;

/**
 * The back-office's lists and dashboard on a shop of `size.subscriptions` subscriptions over
 * `size.customers` customers, through the same query functions the admin routes call. The read
 * models are filled with set-based SQL straight into a fresh generation of the projections'
 * tables (as created by the projector, indexes included): replaying 100,000 orders would measure
 * the projector, which the rebuild case already does.
 */
export async function benchAdminLists(databaseUrl: string, size: AdminListsSize): Promise<AdminListsFigures> {
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
  try {
    const started = performance.now();
    if (!size.reuse) await fillReadModels(knex, size);
    const fillSeconds = round((performance.now() - started) / 1000, 1);
    const now = new Date();
    const cases: AdminListFigures[] = [];
    for (const spec of benchCases(size, now)) {
      if (size.only && !spec.name.includes(size.only)) continue;
      cases.push(await measure(spec, size));
    }
    return { customers: size.customers, subscriptions: size.subscriptions, fillSeconds, cases };
  } finally {
    await knex.destroy();
  }

  async function measure(spec: BenchCase, options: AdminListsSize): Promise<AdminListFigures> {
    let total: number | null = null;
    for (let i = 0; i < WARMUP_RUNS; i++) total = await spec.run(knex);
    const samples: number[] = [];
    const until = performance.now() + options.maxCaseMs;
    while (samples.length < options.runs && performance.now() < until) {
      const start = performance.now();
      await spec.run(knex);
      samples.push(performance.now() - start);
    }
    return { case: spec.name, total, ...summarize(samples) };
  }
}

interface BenchCase {
  name: string;
  /** Answers the total the list reports (null for figures). */
  run: (knex: Knex) => Promise<number | null>;
}

const PAGE = { from: 0, to: 24 };

function benchCases(size: AdminListsSize, now: Date): BenchCase[] {
  const users = (
    name: string,
    sort: AdminUserListQuery['sort'],
    filter: AdminUserListQuery['filter'] = {},
    range = PAGE,
  ): BenchCase => ({
    name: `users: ${name}`,
    run: async (knex) => (await listUsersForAdmin(knex, { sort, range, filter, now })).total,
  });
  const subscriptions = (
    name: string,
    sort: AdminSubscriptionListQuery['sort'],
    filter: AdminSubscriptionListQuery['filter'] = {},
    range = PAGE,
  ): BenchCase => ({
    name: `subscriptions: ${name}`,
    run: async (knex) => (await listSubscriptionsForAdmin(knex, { sort, range, filter })).total,
  });
  const deepUsers = Math.floor(size.customers / 2);
  const deepSubscriptions = Math.floor(size.subscriptions / 2);
  const range = (from: number) => ({ from, to: from + 24 });
  const newest = { field: 'createdAt', order: 'desc' } as const;
  return [
    users('newest first (the default)', newest),
    users(`newest first, rows ${deepUsers}+`, newest, {}, range(deepUsers)),
    users('e-mail A-Z', { field: 'email', order: 'asc' }),
    users('name Z-A', { field: 'fullName', order: 'desc' }),
    users('oldest first', { field: 'createdAt', order: 'asc' }),
    users('total spent, highest first', { field: 'totalSpentCents', order: 'desc' }),
    users('total spent, lowest first', { field: 'totalSpentCents', order: 'asc' }),
    users(`total spent, rows ${deepUsers}+`, { field: 'totalSpentCents', order: 'desc' }, {}, range(deepUsers)),
    users('segment with', newest, { segment: 'with' }),
    users('segment with, total spent', { field: 'totalSpentCents', order: 'desc' }, { segment: 'with' }),
    users('segment without', newest, { segment: 'without' }),
    users('segment expired, e-mail A-Z', { field: 'email', order: 'asc' }, { segment: 'expired' }),
    users('search "martin"', newest, { q: 'martin' }),
    users('search "marie martin", total spent', { field: 'totalSpentCents', order: 'desc' }, { q: 'marie martin' }),
    users('search "martin", segment expired', newest, { q: 'martin', segment: 'expired' }),
    users('search e-mail ".1234@"', newest, { q: '.1234@' }),
    {
      name: 'users: counters (with, without, expired)',
      run: async (knex) => (await countUsersBySegment(knex, now)).total,
    },
    subscriptions('newest first (the default)', newest),
    subscriptions(`newest first, rows ${deepSubscriptions}+`, newest, {}, range(deepSubscriptions)),
    subscriptions('id', { field: 'id', order: 'asc' }),
    subscriptions('customer e-mail A-Z', { field: 'customerEmail', order: 'asc' }),
    subscriptions('customer name Z-A', { field: 'customerName', order: 'desc' }),
    subscriptions('plan id', { field: 'planId', order: 'asc' }),
    subscriptions('plan name', { field: 'planName', order: 'desc' }),
    subscriptions('months', { field: 'months', order: 'desc' }),
    subscriptions('status', { field: 'status', order: 'asc' }),
    subscriptions('total, highest first', { field: 'totalCents', order: 'desc' }),
    subscriptions('paid, latest first', { field: 'paidAt', order: 'desc' }),
    subscriptions('expiry, soonest first', { field: 'expiresAt', order: 'asc' }),
    subscriptions('expiry, latest first', { field: 'expiresAt', order: 'desc' }),
    subscriptions('updated, latest first', { field: 'updatedAt', order: 'desc' }),
    subscriptions('status active', newest, { status: ['active'] }),
    subscriptions('status active, expiry soonest', { field: 'expiresAt', order: 'asc' }, { status: ['active'] }),
    subscriptions('status suspended or cancelled', newest, { status: ['suspended', 'cancelled'] }),
    subscriptions('active without credentials (to-do)', newest, { status: ['active'], hasCredentials: false }),
    subscriptions('with credentials', newest, { hasCredentials: true }),
    subscriptions('plan netflix-premium', newest, { planIds: ['netflix-premium'] }),
    subscriptions(
      'plan netflix-premium, total',
      { field: 'totalCents', order: 'desc' },
      { planIds: ['netflix-premium'] },
    ),
    subscriptions('search "martin"', newest, { q: 'martin' }),
    subscriptions('search "spotify"', newest, { q: 'spotify' }),
    subscriptions(
      'search "marie martin", customer A-Z',
      { field: 'customerName', order: 'asc' },
      { q: 'marie martin' },
    ),
    {
      name: 'dashboard figures (subscriptionFigures)',
      run: async (knex) => {
        await subscriptionFigures(knex, now);
        return null;
      },
    },
  ];
}

const FIRST_NAMES = [
  'Marie',
  'Jean',
  'Camille',
  'Lucas',
  'Léa',
  'Hugo',
  'Chloé',
  'Louis',
  'Emma',
  'Nathan',
  'Manon',
  'Thomas',
  'Inès',
  'Paul',
  'Sarah',
  'Julien',
  'Zoé',
  'Antoine',
  'Clara',
  'Karim',
];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Nguyen',
];
const PLANS: ReadonlyArray<[string, string, number]> = [
  ['netflix-premium', 'Netflix Premium', 450],
  ['spotify-family', 'Spotify Family', 300],
  ['youtube-premium', 'YouTube Premium', 350],
  ['disney-plus', 'Disney+', 400],
  ['canal-plus', 'Canal+', 900],
  ['deezer-premium', 'Deezer Premium', 280],
];

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Accounts and subscriptions as a shop two years old might hold them: most customers with one to
 * three subscriptions, a few with many, some with none; statuses, expiries past and ahead (some
 * active ones past their expiry, as the expiry sweep lags), refunds, voids, credentials on most
 * active ones; then every customer's standing, computed as the projection computes it.
 */
async function fillReadModels(knex: Knex, size: AdminListsSize): Promise<void> {
  for (const projection of [accountsProjection, subscriptionsProjection]) await createGeneration(knex, projection, 1);
  const accounts = physicalTableName('accounts', 1);
  const subscriptions = physicalTableName('subscriptions', 1);
  const plans = `(VALUES ${PLANS.map(([id, name, price], i) => `(${i}, '${id}', '${name}', ${price})`).join(', ')}) AS plan(n, id, name, price)`;
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT setseed(0.42)');
    await trx.raw(
      `INSERT INTO ?? (id, email, full_name, roles, two_factor_enabled, registration_method, created_at,
                       last_sign_in_at, updated_at, erased_at, profile_version)
       SELECT md5('customer' || c)::uuid::text,
              CASE WHEN c % 200 = 0 THEN '[erased]'
                   ELSE lower(unaccent_first) || '.' || lower(unaccent_last) || '.' || c || '@' || (ARRAY['gmail.com','orange.fr','free.fr','outlook.fr'])[1 + c % 4] END,
              CASE WHEN c % 200 = 0 THEN '[erased]' ELSE first || ' ' || last END,
              CASE WHEN c % 5000 = 0 THEN ARRAY['customer', 'owner'] ELSE ARRAY['customer'] END,
              c % 7 = 0, CASE WHEN c % 3 = 0 THEN 'oidc' ELSE 'password' END,
              created, created + random() * (now() - created), created,
              CASE WHEN c % 200 = 0 THEN created + interval '30 days' END, 1
         FROM (SELECT c, first, last, translate(first, 'éèàçïîôöÉ', 'eeaciiooE') AS unaccent_first,
                      translate(last, 'éèàçïîôöÉ', 'eeaciiooE') AS unaccent_last,
                      now() - random() * interval '730 days' AS created
                 FROM (SELECT c, (${sqlArray(FIRST_NAMES)})[1 + (c * 7) % ${FIRST_NAMES.length}] AS first,
                              (${sqlArray(LAST_NAMES)})[1 + (c * 13) % ${LAST_NAMES.length}] AS last
                         FROM generate_series(1, ?::int) c) named) people`,
      [accounts, size.customers],
    );
    // Customer n: skewed towards the first customers (a few buy often), a fifth of them never buy.
    await trx.raw(
      `INSERT INTO ?? (id, user_id, plan_id, plan_name, months, status, monthly_price_cents, subtotal_cents,
                       discount_percent, discount_cents, total_cents, currency, promo_code, provider,
                       payment_reference, amount_paid_cents, credentials_id, status_reason, created_at, paid_at,
                       expires_at, credentials_assigned_at, cancelled_at, expired_at, voided_at, void_reason,
                       updated_at, stream_version)
       SELECT md5('subscription' || i)::uuid, md5('customer' || customer)::uuid::text, plan.id, plan.name, months, status,
              plan.price, plan.price * months, discount, plan.price * months * discount / 100,
              plan.price * months - plan.price * months * discount / 100, 'EUR',
              CASE WHEN discount > 0 THEN 'BIENVENUE' END, 'stripe',
              CASE WHEN status <> 'pending' THEN 'cs_bench_' || i END,
              CASE WHEN status <> 'pending' THEN plan.price * months - plan.price * months * discount / 100 END,
              CASE WHEN status IN ('active', 'suspended', 'expired') AND r3 < 0.8 THEN 'credentials-' || (i % 500) END,
              CASE WHEN refunded THEN 'refunded' WHEN status = 'suspended' THEN 'payment dispute' END,
              created, paid, expires,
              CASE WHEN status IN ('active', 'suspended', 'expired') AND r3 < 0.8 THEN paid + interval '2 hours' END,
              CASE WHEN status = 'cancelled' THEN paid + interval '3 days' END,
              CASE WHEN status = 'expired' THEN expires END,
              CASE WHEN i % 100 = 0 THEN created + interval '1 day' END,
              CASE WHEN i % 100 = 0 THEN 'duplicate order' END,
              created + interval '1 day', 4
         FROM (
           SELECT i, customer, months, discount, r3, status, refunded, created,
                  CASE WHEN status <> 'pending' THEN created + interval '5 minutes' END AS paid,
                  CASE WHEN status <> 'pending' THEN created + interval '5 minutes' + months * interval '1 month' END AS expires,
                  i % ${PLANS.length} AS plan_n
             FROM (
               SELECT i, customer, months, discount, r3, status, status = 'cancelled' AND r2 < 0.3 AS refunded,
                      -- Active ones mostly still running (a few past their expiry), expired ones over.
                      CASE WHEN status IN ('active', 'suspended')
                           THEN now() - months * interval '1 month' + (0.03 + 0.97 * random()) * months * interval '1 month' - interval '4 days'
                           WHEN status = 'expired' THEN now() - months * interval '1 month' - random() * interval '600 days'
                           ELSE now() - random() * interval '730 days' END AS created
                 FROM (
                   SELECT i, 1 + floor(${Math.round(size.customers * 0.8)} * power(random(), 1.6))::int AS customer,
                          (ARRAY[1, 1, 3, 6, 12])[1 + floor(random() * 5)::int] AS months,
                          CASE WHEN random() < 0.15 THEN 10 ELSE 0 END AS discount,
                          random() AS r2, random() AS r3,
                          CASE WHEN r < 0.08 THEN 'pending' WHEN r < 0.50 THEN 'active' WHEN r < 0.54 THEN 'suspended'
                               WHEN r < 0.88 THEN 'expired' ELSE 'cancelled' END AS status
                     FROM (SELECT i, random() AS r FROM generate_series(1, ?::int) i) drawn
                 ) kinds
             ) dated
         ) s
         JOIN ${plans} ON plan.n = s.plan_n`,
      [subscriptions, size.subscriptions],
    );
    // The customers' standing is computed from the subscriptions' indexes: their statistics first.
    await trx.raw('ANALYZE ??', [subscriptions]);
    await refreshCustomerStanding(
      trx,
      { subscriptions, customerStanding: physicalTableName('customer_standing', 1) },
      'everyone',
    );
    for (const projection of [accountsProjection, subscriptionsProjection])
      await activateGeneration(trx, projection, 1);
  });
  for (const table of [accounts, subscriptions, physicalTableName('customer_standing', 1)]) {
    await knex.raw('VACUUM ANALYZE ??', [table]);
  }
}
