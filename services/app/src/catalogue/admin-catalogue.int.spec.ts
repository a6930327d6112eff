import { randomUUID } from 'node:crypto';
import { getPlanForAdmin, getPromoCode } from '@shop/projections';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, refusal, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const shop = useTestShop('admin_catalogue');
let admin: HttpCustomer;
let customer: HttpCustomer;
let provider: AdminDataProvider;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token, body });

const uniqueCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6)}`.toUpperCase();

/** The whole terms of a code as the edit form sends them back (see the back-office's promo code edit). */
const termsOf = (row: Record<string, unknown>) => ({
  percentOff: row.percentOff,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  usageLimit: row.usageLimit,
  active: row.active,
  version: row.version,
});

const checkPromo = (code: string, token = customer.token) =>
  call('POST', '/api/promo-codes/check', token, { code, planId: 'spotify', months: 1 });
/** The customer orders a month of Spotify with `code`, the plan and months the code is checked for. */
const orderWithPromo = (code: string) =>
  call('POST', '/api/orders', customer.token, {
    planId: 'spotify',
    months: 1,
    promoCode: code,
    provider: 'sandbox',
    billingCountry: 'FR',
  });

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'catalogue-admin', ip: randomIp('10.72') });
  customer = await signUpAndSignIn(shop.url, { label: 'catalogue-customer', ip: randomIp('10.72') });
  provider = await adminDataProvider(shop.url, admin.token);
});

describe('back-office promo codes', () => {
  it('are for admins only', async () => {
    expect((await call('GET', '/api/admin/promo-codes')).status).toBe(401);
    expect((await call('GET', '/api/admin/promo-codes', customer.token)).status).toBe(403);
    const create = await call('POST', '/api/admin/promo-codes', customer.token, { code: 'NOPE-1', percentOff: 5 });
    expect(create.status).toBe(403);
    expect(await shop.runtime.store.readStream('promo-NOPE-1')).toEqual([]);
  });

  it('are created as an event by the operator and usable in the shop at once', async () => {
    const code = uniqueCode('ete');
    const { data } = await provider.create('promo-codes', {
      data: { code: code.toLowerCase(), percentOff: 25, usageLimit: 50, validUntil: '2099-09-01T00:00:00.000Z' },
    });
    expect(data).toMatchObject({
      id: code,
      code,
      percentOff: 25,
      usageLimit: 50,
      validFrom: null,
      validUntil: '2099-09-01T00:00:00.000Z',
      timesUsed: 0,
      active: true,
      version: 1,
    });
    const events = await shop.runtime.store.readStream(`promo-${code}`);
    expect(events.map((e) => e.type)).toEqual(['PromoCodeDefined']);
    expect(events[0]!.metadata.actor).toEqual({ type: 'admin', id: admin.userId });
    // No wait: the check folds the code's stream, not the read model.
    const check = await checkPromo(code);
    expect(check.body).toMatchObject({ valid: true, code, percentOff: 25 });

    const listed = await eventually(
      () => provider.getOne('promo-codes', { id: code.toLowerCase() }),
      () => true,
    );
    expect(listed.data).toMatchObject({ id: code, percentOff: 25, version: 1 });
  });

  it('cannot be created twice (409) nor with bad input (400, nothing recorded)', async () => {
    const code = uniqueCode('twice');
    await provider.create('promo-codes', { data: { code, percentOff: 10 } });
    expect(await refusal(provider.create('promo-codes', { data: { code, percentOff: 20 } }))).toEqual({
      status: 409,
      code: 'promo.already_exists',
    });
    for (const data of [
      { code: 'BAD CODE', percentOff: 10 },
      { code: 'OK-CODE-1', percentOff: 0 },
      { code: 'OK-CODE-2', percentOff: 101 },
      { code: 'OK-CODE-3', percentOff: 10, usageLimit: 0 },
      { code: 'OK-CODE-4', percentOff: 10, validFrom: '2026-07-01T00:00:00Z', validUntil: '2026-06-01T00:00:00Z' },
      { code: 'OK-CODE-5', percentOff: 10, surprise: true },
      // Values no read model can hold: they used to be recorded, then parked by the projection.
      { code: 'OK-CODE-6', percentOff: 10, usageLimit: 1e15 },
      { code: 'OK-CODE-7', percentOff: 10, usageLimit: 2 ** 31 },
      { code: 'OK-CODE-8', percentOff: 10, validFrom: '0000-01-01T00:00:00Z' },
      { code: 'OK-CODE-9', percentOff: 10, validUntil: '0001-01-01T00:00:00+14:00' },
    ]) {
      expect(await refusal(provider.create('promo-codes', { data }))).toEqual({
        status: 400,
        code: 'validation.failed',
      });
    }
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      expect(await shop.runtime.store.readStream(`promo-OK-CODE-${n}`)).toEqual([]);
    }
  });

  it('are revised and deactivated against the version the form was loaded at; the shop follows at once', async () => {
    const code = uniqueCode('rev');
    const { data: created } = await provider.create('promo-codes', { data: { code, percentOff: 10 } });
    const loaded = await eventually(
      () => getPromoCode(shop.runtime.knex, code),
      (row) => row !== null,
    );
    const { data: revised } = await provider.update('promo-codes', {
      id: code,
      data: { ...termsOf(created), percentOff: 30 },
      previousData: created,
    });
    expect(revised).toMatchObject({ percentOff: 30, version: 2, active: true, createdAt: loaded!.createdAt });
    expect((await checkPromo(code)).body).toMatchObject({ valid: true, percentOff: 30 });

    // The same form, saved again, was loaded before the revision: refused, nothing recorded.
    expect(
      await refusal(
        provider.update('promo-codes', {
          id: code,
          data: { ...termsOf(created), active: false },
          previousData: created,
        }),
      ),
    ).toEqual({ status: 409, code: 'promo.stale' });

    const { data: inactive } = await provider.update('promo-codes', {
      id: code,
      data: { ...termsOf(revised), active: false },
      previousData: revised,
    });
    expect(inactive).toMatchObject({ active: false, version: 3 });
    expect((await checkPromo(code)).body).toEqual({ valid: false, code, reason: 'promo.inactive' });
    const order = await orderWithPromo(code);
    expect(order.status).toBe(409);
    expect(order.body.code).toBe('promo.inactive');

    const { data: back } = await provider.update('promo-codes', {
      id: code,
      data: { ...termsOf(inactive), active: true },
      previousData: inactive,
    });
    expect(back).toMatchObject({ active: true, version: 4 });
    expect((await checkPromo(code)).body).toMatchObject({ valid: true });
    const types = (await shop.runtime.store.readStream(`promo-${code}`)).map((e) => e.type);
    expect(types).toEqual(['PromoCodeDefined', 'PromoCodeRevised', 'PromoCodeDeactivated', 'PromoCodeReactivated']);

    const projected = await eventually(
      () => getPromoCode(shop.runtime.knex, code),
      (row) => row?.version === 4,
    );
    expect(projected).toMatchObject({ percentOff: 30, active: true });
  });

  it('count their uses without making the operator’s form stale', async () => {
    const code = uniqueCode('used');
    const { data: created } = await provider.create('promo-codes', { data: { code, percentOff: 15, usageLimit: 5 } });
    const order = await orderWithPromo(code);
    expect(order.status).toBe(201);
    const used = await eventually(
      () => provider.getOne('promo-codes', { id: code }),
      ({ data }) => data.timesUsed === 1,
    );
    expect(used.data.version).toBe(1);
    const { data } = await provider.update('promo-codes', {
      id: code,
      data: { ...termsOf(created), usageLimit: 10 },
      previousData: created,
    });
    expect(data).toMatchObject({ usageLimit: 10, timesUsed: 1, version: 2 });
  });

  it('are listed, sorted, paged and filtered by the database', async () => {
    const prefix = `LST${randomUUID().slice(0, 4).toUpperCase()}`;
    for (const [suffix, percentOff, active] of [
      ['A', 5, true],
      ['B', 50, false],
      ['C', 20, true],
    ] as const) {
      await provider.create('promo-codes', { data: { code: `${prefix}-${suffix}`, percentOff, active } });
    }
    const list = (sort: { field: string; order: 'ASC' | 'DESC' }, filter: Record<string, unknown>, page = 1) =>
      provider.getList('promo-codes', { pagination: { page, perPage: 2 }, sort, filter });
    const all = await eventually(
      () => list({ field: 'percentOff', order: 'DESC' }, { q: prefix.toLowerCase() }),
      // The page and its count are two queries: wait until both have seen the third code.
      (page) => page.total === 3 && page.data.some((row) => row.id === `${prefix}-C`),
    );
    expect(all.data.map((row) => row.id)).toEqual([`${prefix}-B`, `${prefix}-C`]);
    const second = await list({ field: 'percentOff', order: 'DESC' }, { q: prefix }, 2);
    expect(second.data.map((row) => row.id)).toEqual([`${prefix}-A`]);
    const active = await list({ field: 'code', order: 'ASC' }, { q: prefix, active: true });
    expect(active.data.map((row) => row.id)).toEqual([`${prefix}-A`, `${prefix}-C`]);
    expect(active.total).toBe(2);
    const many = await provider.getMany('promo-codes', { ids: [`${prefix}-C`, 'BIENVENUE10'] });
    expect(many.data.map((row) => row.id).sort()).toEqual(['BIENVENUE10', `${prefix}-C`]);
    const bad = await call('GET', '/api/admin/promo-codes?sort=["secret","ASC"]', admin.token);
    expect(bad.status).toBe(400);
  });

  it('answer 404 for an unknown code', async () => {
    expect(await refusal(provider.getOne('promo-codes', { id: 'NEVER-SEEN' }))).toEqual({
      status: 404,
      code: 'promo.not_found',
    });
    const put = await call('PUT', '/api/admin/promo-codes/NEVER-SEEN', admin.token, { percentOff: 10, version: 1 });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe('promo.not_found');
    const malformed = await call('PUT', '/api/admin/promo-codes/NOT%20A%20CODE', admin.token, {
      percentOff: 10,
      version: 1,
    });
    expect(malformed.status).toBe(404);
  });
});

describe('back-office plans', () => {
  /** The plan's editable fields as the edit form sends them back. */
  const changesOf = (row: Record<string, unknown>) => ({
    monthlyPriceCents: row.monthlyPriceCents,
    features: row.features,
    popular: row.popular,
    onSale: row.onSale,
    version: row.version,
  });

  const shopPlans = async () =>
    ((await call('GET', '/api/plans')).body.data as Array<{ id: string; monthlyPriceCents: number }>) ?? [];

  it('are for admins only', async () => {
    expect((await call('GET', '/api/admin/plans')).status).toBe(401);
    expect((await call('GET', '/api/admin/plans/netflix', customer.token)).status).toBe(403);
    const put = await call('PUT', '/api/admin/plans/netflix', customer.token, { monthlyPriceCents: 1, version: 1 });
    expect(put.status).toBe(403);
  });

  it('are listed with both languages’ features, sorted and filtered', async () => {
    const all = await provider.getList('plans', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'monthlyPriceCents', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const prices = all.data.map((row) => row.monthlyPriceCents as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all.data[0]).toMatchObject({ onSale: true, features: { fr: expect.any(Array), en: expect.any(Array) } });
    const netflix = await provider.getList('plans', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'netfl' },
    });
    expect(netflix.data.map((row) => row.id)).toEqual(['netflix']);
    const many = await provider.getMany('plans', { ids: ['netflix', 'spotify'] });
    expect(many.data.map((row) => row.id).sort()).toEqual(['netflix', 'spotify']);
  });

  it('are revised by the operator; the shop’s catalogue and prices follow', async () => {
    const { data: before } = await provider.getOne('plans', { id: 'spotify' });
    const features = before.features as { fr: string[]; en: string[] };
    const { data } = await provider.update('plans', {
      id: 'spotify',
      data: {
        ...changesOf(before),
        monthlyPriceCents: 299,
        popular: true,
        features: { fr: ['Nouveau', ...features.fr.slice(1)], en: features.en },
      },
      previousData: before,
    });
    expect(data).toMatchObject({ monthlyPriceCents: 299, popular: true, version: (before.version as number) + 1 });
    const events = await shop.runtime.store.readStream('plan-spotify');
    expect(events.at(-1)).toMatchObject({ type: 'PlanRevised', data: { byOperator: true, monthlyPriceCents: 299 } });
    expect(events.at(-1)!.metadata.actor).toEqual({ type: 'admin', id: admin.userId });
    await eventually(shopPlans, (plans) => plans.find((p) => p.id === 'spotify')?.monthlyPriceCents === 299);
    const french = await call('GET', '/api/plans/spotify?lang=fr');
    expect((french.body.features as string[])[0]).toBe('Nouveau');
    const check = await checkPromo('BIENVENUE10');
    expect(check.body).toMatchObject({ valid: true, subtotalCents: 299 });

    // A form loaded before that change is refused.
    expect(
      await refusal(
        provider.update('plans', {
          id: 'spotify',
          data: { ...changesOf(before), popular: false },
          previousData: before,
        }),
      ),
    ).toEqual({ status: 409, code: 'plan.stale' });
  });

  it('taken off sale leave the shop and cannot be ordered; put back, they return', async () => {
    const { data: before } = await provider.getOne('plans', { id: 'nordvpn' });
    const { data: withdrawn } = await provider.update('plans', {
      id: 'nordvpn',
      data: { ...changesOf(before), onSale: false },
      previousData: before,
    });
    expect(withdrawn).toMatchObject({ onSale: false });
    await eventually(shopPlans, (plans) => !plans.some((p) => p.id === 'nordvpn'));
    expect((await call('GET', '/api/plans/nordvpn')).status).toBe(404);
    const order = await call('POST', '/api/orders', customer.token, {
      planId: 'nordvpn',
      months: 1,
      provider: 'sandbox',
      billingCountry: 'FR',
    });
    expect(order.status).toBe(422);
    expect(order.body.code).toBe('order.unknown_plan');
    // Still in the back-office, for the subscriptions sold.
    const offSale = await provider.getList('plans', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { onSale: false },
    });
    expect(offSale.data.map((row) => row.id)).toContain('nordvpn');

    await eventually(
      () => getPlanForAdmin(shop.runtime.knex, 'nordvpn'),
      (plan) => plan?.onSale === false,
    );
    const { data: back } = await provider.update('plans', {
      id: 'nordvpn',
      data: { ...changesOf(withdrawn), onSale: true },
      previousData: withdrawn,
    });
    expect(back).toMatchObject({ onSale: true });
    await eventually(shopPlans, (plans) => plans.some((p) => p.id === 'nordvpn'));
    const types = (await shop.runtime.store.readStream('plan-nordvpn')).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['PlanWithdrawn', 'PlanBackOnSale']);
  });

  it('taken off sale stay on the subscriptions already sold, which say they will not renew', async () => {
    const expiresAt = new Date(Date.now() + 20 * 24 * 3600_000);
    expiresAt.setUTCHours(12, 0, 0, 0);
    const { subscriptionId } = await paidSubscription(shop.runtime.store, customer.userId, expiresAt, {
      savedMethod: { id: 'pm_card', customerId: 'cus_1', label: 'Visa •••• 4242' },
    });
    const onSale = await eventually(
      async () =>
        (await call('GET', '/api/me/subscriptions', customer.token)).body.data as Array<Record<string, unknown>>,
      (rows) => rows?.some((row) => row.id === subscriptionId && row.autoRenew === true) ?? false,
    );
    expect(onSale.find((row) => row.id === subscriptionId)).toMatchObject({
      planWithdrawn: false,
      renewable: true,
      nextChargeAt: expect.any(String),
      nextChargeCents: expect.any(Number),
    });
    const { data: before } = await provider.getOne('plans', { id: 'netflix' });
    const { data: withdrawn } = await provider.update('plans', {
      id: 'netflix',
      data: { ...changesOf(before), onSale: false },
      previousData: before,
    });
    await eventually(shopPlans, (plans) => !plans.some((p) => p.id === 'netflix'));
    const mine = await eventually(
      async () =>
        (await call('GET', '/api/me/subscriptions', customer.token)).body.data as Array<Record<string, unknown>>,
      (rows) => rows?.some((row) => row.id === subscriptionId) ?? false,
    );
    // Neither renewed automatically nor by hand any more: the profile says so, and promises no charge.
    expect(mine.find((row) => row.id === subscriptionId)).toMatchObject({
      planId: 'netflix',
      status: 'active',
      logo: expect.any(String),
      autoRenew: true,
      planWithdrawn: true,
      renewable: false,
      nextChargeAt: null,
      nextChargeCents: null,
    });
    // A week before the expiry of one of them, its customer is told it ends (not asked to renew).
    const inAWeek = new Date(Date.now() + 7 * 24 * 3600_000 + 3000);
    inAWeek.setUTCMilliseconds(0);
    await paidSubscription(shop.runtime.store, customer.userId, inAWeek);
    const told = await eventually(
      async () =>
        ((await call('GET', '/api/me/notifications?lang=fr', customer.token)).body.data ?? []) as Array<{
          title: string;
          message: string;
        }>,
      (list) => list.some((n) => n.title === 'Offre retirée'),
      20_000,
    );
    expect(told.find((n) => n.title === 'Offre retirée')!.message).toMatch(
      /^L'offre Netflix n'est plus proposée : votre abonnement \(\d+ mois\) ne sera pas renouvelé/,
    );
    expect(told.map((n) => n.title)).not.toContain('Pensez à renouveler votre abonnement');
    await provider.update('plans', {
      id: 'netflix',
      data: { ...changesOf(withdrawn), onSale: true },
      previousData: withdrawn,
    });
  });

  it('refuse bad input with 400 and record nothing', async () => {
    const { data: before } = await provider.getOne('plans', { id: 'netflix' });
    const length = (await shop.runtime.store.readStream('plan-netflix')).length;
    const features = before.features as { fr: string[]; en: string[] };
    for (const change of [
      { monthlyPriceCents: 0 },
      { monthlyPriceCents: 4.5 },
      { features: { fr: features.fr.slice(1), en: features.en } },
      { features: { fr: [...features.fr.slice(1), ' '], en: features.en } },
      { name: 'Renamed' },
    ]) {
      const reply = await call('PUT', '/api/admin/plans/netflix', admin.token, { ...changesOf(before), ...change });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('validation.failed');
    }
    expect(await shop.runtime.store.readStream('plan-netflix')).toHaveLength(length);
    expect(await refusal(provider.getOne('plans', { id: 'no-such-plan' }))).toEqual({
      status: 404,
      code: 'plan.not_found',
    });
  });
});
