import {
  ALL_PROJECTIONS,
  activeState,
  physicalTableName,
  projectionStatuses,
  rebuildProjection,
} from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from './audit/chain-verification.js';
import { startStripeStandIn, type StripeStandIn } from './payments/testing/stripe-stand-in.js';
import {
  randomIp,
  requestJson,
  signUpAdmin,
  signUpAndSignIn,
  turnOnTwoFactor,
  type HttpCustomer,
} from './testing/http-customer.js';
import { eventually, startTestShop, type TestShop } from './testing/test-shop.js';

const SECRET_KEY = 'sk_test_shop_rebuild_equality';
const WEBHOOK_SECRET = 'whsec_shop_rebuild_equality_secret';

let database: TestDatabase;
let standIn: StripeStandIn;
let shop: TestShop;
let admin: HttpCustomer;

beforeAll(async () => {
  database = await createTestDatabase('rebuild_equality');
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  shop = await startTestShop({
    databaseUrl: database.url,
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url },
  });
  admin = await signUpAdmin(shop, {
    label: 'rebuild-admin',
    fullName: 'Olivia Opératrice',
    ip: randomIp('10.71'),
  });
  await eventually(
    () => shop.runtime.knex('plans').count({ n: '*' }).first(),
    (row) => Number(row?.n) === 5,
  );
});

afterAll(async () => {
  await shop?.stop();
  await standIn?.close();
  await database?.drop();
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token, body, ip: randomIp('10.72'), redirect: 'manual' });

async function expectAnswer(reply: Promise<{ status: number; body: Record<string, unknown> }>, status: number) {
  const answered = await reply;
  expect(answered.status, JSON.stringify(answered.body)).toBe(status);
  return answered.body;
}

const customer = (label: string, fullName: string) =>
  signUpAndSignIn(shop.url, { label: `rebuild-${label}`, fullName, ip: randomIp('10.73') });

const sessionOf = (body: Record<string, unknown>) => String(body.redirectUrl).split('/').pop()!;

async function order(who: HttpCustomer, body: Record<string, unknown>) {
  const placed = await expectAnswer(call('POST', '/api/orders', who.token, { billingCountry: 'FR', ...body }), 201);
  return { subscriptionId: String(placed.subscriptionId), sessionId: sessionOf(placed) };
}

const subscriptionWhere = (id: string, accept: (row: Record<string, unknown>) => boolean) =>
  eventually(
    () => shop.runtime.knex('subscriptions').where({ id }).first<Record<string, unknown> | undefined>(),
    (row) => row !== undefined && accept(row),
  );

async function paidOnSandbox(who: HttpCustomer, body: Record<string, unknown>) {
  const placed = await order(who, { ...body, provider: 'sandbox' });
  await expectAnswer(call('POST', `/sandbox/sessions/${placed.sessionId}/pay`, who.token), 303);
  await subscriptionWhere(placed.subscriptionId, (row) => row.status === 'active');
  return placed;
}

async function stripeWebhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify(standIn.event(type, object));
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const delivered = await requestJson(shop.url, 'POST', '/webhooks/stripe', {
    raw: payload,
    headers: { 'Stripe-Signature': signature },
  });
  expect(delivered.status).toBe(200);
}

/** Everything a shop's log holds after a while of business, made through the HTTP API as customers and the operator do. */
async function doBusiness() {
  // The operator's catalogue, promotions and free offer.
  await expectAnswer(
    call('POST', '/api/admin/promo-codes', admin.token, { code: 'REBUILD-10', percentOff: 10, usageLimit: 5 }),
    201,
  );
  await expectAnswer(
    call('PUT', '/api/admin/promo-codes/REBUILD-10', admin.token, { percentOff: 15, usageLimit: 5, version: 1 }),
    200,
  );
  const spotify = await expectAnswer(call('GET', '/api/admin/plans/spotify', admin.token), 200);
  await expectAnswer(
    call('PUT', '/api/admin/plans/spotify', admin.token, {
      monthlyPriceCents: Number(spotify.monthlyPriceCents) + 10,
      features: spotify.features,
      popular: !spotify.popular,
      onSale: spotify.onSale,
      version: spotify.version,
    }),
    200,
  );
  await expectAnswer(
    call('PUT', '/api/admin/free-offer', admin.token, { planId: 'netflix', months: 12, places: 3, active: true }),
    200,
  );

  // Paid on the sandbox with the promo code, given credentials (then revised), password changed.
  const alice = await customer('alice', 'Alice Martin');
  const alicesOrder = await paidOnSandbox(alice, { planId: 'netflix', months: 3, promoCode: 'rebuild-10' });
  const set = await expectAnswer(
    call('POST', '/api/admin/credentials', admin.token, {
      planId: 'netflix',
      email: 'family-netflix@example.com',
      password: 'Shared-Secret-1',
    }),
    201,
  );
  await expectAnswer(
    call('POST', `/api/admin/subscriptions/${alicesOrder.subscriptionId}/credentials`, admin.token, {
      credentialsId: set.id,
    }),
    200,
  );
  await expectAnswer(
    call('PUT', `/api/admin/credentials/${String(set.id)}`, admin.token, {
      planId: 'netflix',
      email: 'family-netflix@example.com',
      password: 'Shared-Secret-2',
      version: 1,
    }),
    200,
  );
  // The operator and the customer read the set's password: each reading is recorded.
  await expectAnswer(call('GET', `/api/admin/credentials/${String(set.id)}`, admin.token), 200);
  await expectAnswer(call('GET', `/api/me/subscriptions/${alicesOrder.subscriptionId}/credentials`, alice.token), 200);
  await expectAnswer(
    call('POST', '/api/me/password', alice.token, {
      currentPassword: alice.password,
      newPassword: 'an even better one',
    }),
    204,
  );

  // Unpaid: cancelled on the sandbox, a second checkout left open; a new name, a wrong password,
  // and a subscription the operator granted.
  const bob = await customer('bob', 'Bob Durand');
  const bobsOrder = await order(bob, { planId: 'spotify', months: 1, provider: 'sandbox' });
  await expectAnswer(call('POST', `/sandbox/sessions/${bobsOrder.sessionId}/cancel`, bob.token), 303);
  await subscriptionWhere(bobsOrder.subscriptionId, (row) => row.last_payment_issue === 'payment_canceled');
  await expectAnswer(call('POST', `/api/orders/${bobsOrder.subscriptionId}/checkout`, bob.token, {}), 200);
  await expectAnswer(call('PATCH', '/api/me', bob.token, { fullName: 'Robert Durand' }), 200);
  await expectAnswer(
    call('POST', '/api/auth/sign-in', undefined, { email: bob.email, password: 'not his password' }),
    401,
  );
  await expectAnswer(
    call('POST', `/api/admin/users/${bob.userId}/subscriptions`, admin.token, { planId: 'nordvpn' }),
    201,
  );

  // Paid with Stripe, then refunded; two-factor sign-in turned on.
  const carol = await customer('carol', 'Carole Petit');
  const carolsOrder = await order(carol, { planId: 'netflix', months: 1, provider: 'stripe' });
  await stripeWebhook('checkout.session.completed', standIn.pay(carolsOrder.sessionId));
  await subscriptionWhere(carolsOrder.subscriptionId, (row) => row.status === 'active');
  await stripeWebhook('charge.refunded', standIn.refundedCharge(carolsOrder.sessionId));
  await subscriptionWhere(carolsOrder.subscriptionId, (row) => row.status === 'cancelled');
  await turnOnTwoFactor(shop.url, carol);

  // Paid with Stripe, 2 € of it given back from Stripe's dashboard: the subscription stays.
  const ines = await customer('ines', 'Inès Garnier');
  const inesOrder = await order(ines, { planId: 'netflix', months: 3, provider: 'stripe' });
  await stripeWebhook('checkout.session.completed', standIn.pay(inesOrder.sessionId));
  await subscriptionWhere(inesOrder.subscriptionId, (row) => row.status === 'active');
  await stripeWebhook('charge.refunded', standIn.refundedCharge(inesOrder.sessionId, { amountRefunded: 200 }));
  await subscriptionWhere(inesOrder.subscriptionId, (row) => Number(row.refunded_cents) === 200);

  // Suspended by the operator, an order voided, the e-mail corrected in the back-office.
  const dave = await customer('dave', 'David Leroy');
  const davesPaid = await paidOnSandbox(dave, { planId: 'disney-plus', months: 1 });
  await expectAnswer(
    call('PUT', `/api/admin/subscriptions/${davesPaid.subscriptionId}`, admin.token, {
      status: 'suspended',
      reason: 'Paiement contesté',
    }),
    200,
  );
  const davesMistake = await order(dave, { planId: 'spotify', months: 12, provider: 'sandbox' });
  await subscriptionWhere(davesMistake.subscriptionId, () => true);
  await expectAnswer(
    call('DELETE', `/api/admin/subscriptions/${davesMistake.subscriptionId}`, admin.token, {
      reason: 'Commande en double',
    }),
    200,
  );
  await expectAnswer(
    call('PUT', `/api/admin/users/${dave.userId}`, admin.token, { email: `corrected-${dave.email}` }),
    200,
  );

  // Inquiries: a visitor's, taken in hand; one from a customer who is then erased with her order.
  const visitor = await expectAnswer(
    call('POST', '/api/support/messages', undefined, {
      email: 'visitor-rebuild@example.com',
      category: 'payment',
      subject: 'Carte refusée',
      message: 'Ma carte a été refusée deux fois.',
    }),
    201,
  );
  await eventually(
    () => call('PUT', `/api/admin/inquiries/${String(visitor.id)}`, admin.token, { status: 'in_progress' }),
    (reply) => reply.status === 200,
  );
  await expectAnswer(
    call('POST', `/api/admin/inquiries/${String(visitor.id)}/replies`, admin.token, {
      message: 'Votre banque a refusé le paiement ; essayez une autre carte.',
    }),
    201,
  );
  const eve = await customer('eve', 'Ève Moreau');
  const eveInquiry = await expectAnswer(
    call('POST', '/api/support/messages', eve.token, {
      email: eve.email,
      name: 'Ève Moreau',
      category: 'account',
      subject: 'Effacer mes données',
      message: 'Merci de supprimer mon compte.',
    }),
    201,
  );
  await paidOnSandbox(eve, { planId: 'spotify', months: 3 });
  await eventually(
    () => shop.runtime.knex('inquiries').where({ user_id: eve.userId }).first(),
    (row) => row !== undefined,
  );
  // Answered, then erased: the reply's text goes with her.
  await expectAnswer(
    call('POST', `/api/admin/inquiries/${String(eveInquiry.id)}/replies`, admin.token, {
      message: 'Bien reçu, Ève : nous effaçons votre compte.',
    }),
    201,
  );
  await expectAnswer(call('DELETE', `/api/admin/users/${eve.userId}`, admin.token), 200);

  // The free offer, claimed.
  const frank = await customer('frank', 'Franck Roux');
  await expectAnswer(call('POST', '/api/free-offer/claim', frank.token), 201);

  // Two checkouts of one order, both paid: the second payment is recorded for a refund.
  const gail = await customer('gail', 'Gaëlle Fournier');
  const gailsOrder = await order(gail, { planId: 'disney-plus', months: 3, provider: 'sandbox' });
  const second = sessionOf(
    await expectAnswer(call('POST', `/api/orders/${gailsOrder.subscriptionId}/checkout`, gail.token, {}), 200),
  );
  await expectAnswer(call('POST', `/sandbox/sessions/${gailsOrder.sessionId}/pay`, gail.token), 303);
  await subscriptionWhere(gailsOrder.subscriptionId, (row) => row.status === 'active');
  await expectAnswer(call('POST', `/sandbox/sessions/${second}/pay`, gail.token), 303);
  await subscriptionWhere(gailsOrder.subscriptionId, (row) => row.last_payment_issue === 'paid_twice');

  // A subscription renewed early for three months, then cancelled with a refund asked for.
  const hugo = await customer('hugo', 'Hugo Lambert');
  const hugosMonth = await paidOnSandbox(hugo, { planId: 'netflix', months: 1 });
  const renewal = await expectAnswer(
    call('POST', `/api/me/subscriptions/${hugosMonth.subscriptionId}/renew`, hugo.token, {
      months: 3,
      provider: 'sandbox',
      billingCountry: 'FR',
    }),
    201,
  );
  await expectAnswer(call('POST', `/sandbox/sessions/${sessionOf(renewal)}/pay`, hugo.token), 303);
  await subscriptionWhere(hugosMonth.subscriptionId, (row) => Number(row.renewed_cents) > 0);
  // A second renewal ordered and never paid: it waits in the list of renewals not paid.
  await expectAnswer(
    call('POST', `/api/me/subscriptions/${hugosMonth.subscriptionId}/renew`, hugo.token, {
      months: 1,
      provider: 'sandbox',
      billingCountry: 'FR',
    }),
    201,
  );
  await expectAnswer(
    call('POST', `/api/me/subscriptions/${hugosMonth.subscriptionId}/cancel`, hugo.token, { reason: 'Moving' }),
    200,
  );
  await expectAnswer(
    call('POST', `/api/me/subscriptions/${hugosMonth.subscriptionId}/refund-request`, hugo.token, {
      reason: 'Renewed by mistake',
    }),
    201,
  );

  // The promo code withdrawn by the operator.
  await expectAnswer(
    call('PUT', '/api/admin/promo-codes/REBUILD-10', admin.token, {
      percentOff: 15,
      usageLimit: 5,
      active: false,
      version: 2,
    }),
    200,
  );
}

/**
 * Waits until the log stops growing (the reactors' jobs append too) and every projection has read
 * all of it; answers the log's head then.
 */
async function settled() {
  const { store, knex, queue } = shop.runtime;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const head = await store.head();
    const statuses = await projectionStatuses(knex, store, ALL_PROJECTIONS);
    const reactorsBehind = await knex('reactor_checkpoints')
      .where('last_position', '<', head.globalPosition)
      .pluck('name');
    const jobs = await queue.counts();
    const behind = [
      ...statuses.filter((status) => status.lagEvents > 0).map((status) => `projection ${status.name}`),
      ...reactorsBehind.map((name: string) => `reactor ${name}`),
      ...(jobs.waiting + jobs.active > 0 ? [`${jobs.waiting + jobs.active} jobs`] : []),
    ];
    if (behind.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      if ((await store.head()).checkpoint === head.checkpoint) return head;
    } else if (Date.now() > deadline) {
      throw new Error(`The shop never settled: ${behind.join(', ')} still behind the log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Row = Record<string, unknown>;

async function primaryKeyOf(table: string): Promise<string[]> {
  const { rows } = await shop.runtime.knex.raw<{ rows: Array<{ name: string }> }>(
    `SELECT a.attname AS name
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = ?::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** Every row, every column, as PostgreSQL renders them (timestamps to the microsecond), by primary key. */
async function rowsOf(table: string, key: readonly string[]): Promise<Row[]> {
  const { rows } = await shop.runtime.knex.raw<{ rows: Array<{ row: Row }> }>(
    `SELECT row_to_json(t) AS row FROM ?? t ORDER BY ${key.map(() => '??').join(', ')}`,
    [table, ...key],
  );
  return rows.map((entry) => entry.row);
}

/** The first row (by primary key) and column where the two generations differ, and how many rows do; null when equal. */
function difference(
  table: string,
  key: readonly string[],
  live: readonly Row[],
  rebuilt: readonly Row[],
): string | null {
  const keyOf = (row: Row) => key.map((column) => String(row[column])).join(' / ');
  const rebuiltByKey = new Map(rebuilt.map((row) => [keyOf(row), row]));
  const liveKeys = new Set(live.map(keyOf));
  const differing: string[] = [];
  for (const row of live) {
    const other = rebuiltByKey.get(keyOf(row));
    if (!other) {
      differing.push(`row ${keyOf(row)} is only in the live generation`);
      continue;
    }
    const column = Object.keys({ ...row, ...other }).find(
      (name) => JSON.stringify(row[name]) !== JSON.stringify(other[name]),
    );
    if (column) {
      differing.push(
        `row ${keyOf(row)}, column ${column}: live ${JSON.stringify(row[column])}, rebuilt ${JSON.stringify(other[column])}`,
      );
    }
  }
  for (const row of rebuilt) {
    if (!liveKeys.has(keyOf(row))) differing.push(`row ${keyOf(row)} is only in the rebuilt generation`);
  }
  if (differing.length === 0) return null;
  const total = Math.max(live.length, rebuilt.length);
  return `${table}: ${differing.length} of ${total} rows differ; first: ${differing[0]}`;
}

describe('every read model equals a clean rebuild', () => {
  it('rebuilds each projection from a realistic log into tables equal to the live ones, row for row', async () => {
    await doBusiness();
    const head = await settled();
    const { knex, store, databaseUrl, vault } = shop.runtime;

    const differences: string[] = [];
    const emptyTables: string[] = [];
    for (const projection of ALL_PROJECTIONS) {
      const live = (await activeState(knex, projection.name))!.generation;
      const { generation: rebuilt } = await rebuildProjection({ knex, databaseUrl, store, projection, vault });
      expect(rebuilt).not.toBe(live);
      for (const logical of Object.keys(projection.tables)) {
        const liveTable = physicalTableName(logical, live);
        const key = await primaryKeyOf(liveTable);
        expect(key.length, `${liveTable} has a primary key`).toBeGreaterThan(0);
        const liveRows = await rowsOf(liveTable, key);
        const rebuiltRows = await rowsOf(physicalTableName(logical, rebuilt), key);
        if (liveRows.length === 0) emptyTables.push(logical);
        const found = difference(logical, key, liveRows, rebuiltRows);
        if (found) differences.push(found);
      }
    }
    // Nothing was appended meanwhile: both generations saw the same log.
    expect((await store.head()).checkpoint).toBe(head.checkpoint);
    expect(emptyTables, 'tables the log left empty: the test no longer covers them').toEqual([]);
    expect(differences).toEqual([]);
    const parked = (await projectionStatuses(knex, store, ALL_PROJECTIONS)).flatMap((status) => status.parked);
    expect(parked).toEqual([]);
    // The other table made from the log alone: its seals, recomputed from the log as it is.
    expect((await verifyChain({ knex, store })).break).toBeNull();
  });
});
