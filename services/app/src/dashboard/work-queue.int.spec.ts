import type { WorkQueue, WorkQueueItem } from '@shop/contracts';
import { addMonthsUtc, subscriptionDecider, subscriptionStreamId } from '@shop/domain';
import { handleCommand } from '@shop/event-store';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestsTo, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription, placedOrder } from '../testing/paid-subscription.js';
import { HOUR } from '../testing/shop-clock.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const shop = useTestShop('work-queue');
const call = requestsTo(shop);
let admin: HttpCustomer;
let customer: HttpCustomer;
let provider: AdminDataProvider;

/** Paid `hoursAgo` hours ago for a month, without credentials yet. */
const paidHoursAgo = (hoursAgo: number) =>
  paidSubscription(shop.runtime.store, customer.userId, addMonthsUtc(new Date(Date.now() - hoursAgo * HOUR), 1));

const queue = async () => {
  const reply = await call('GET', '/api/admin/work-queue', { token: admin.token });
  expect(reply.status).toBe(200);
  return reply.body as unknown as WorkQueue;
};
const item = (work: WorkQueue, key: WorkQueueItem['key']) => work.items.find((i) => i.key === key)!;
/** The rows the back-office list shows for an item's link, through react-admin's own provider. */
const listed = (link: Pick<WorkQueueItem, 'resource' | 'filter' | 'sort'>) =>
  provider.getList(link.resource, { pagination: { page: 1, perPage: 100 }, sort: link.sort, filter: link.filter });

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'queue-admin', ip: randomIp('10.62') });
  customer = await signUpAndSignIn(shop.url, { label: 'queue-customer', ip: randomIp('10.62') });
  provider = await adminDataProvider(shop.url, admin.token);

  const fresh = await paidHoursAgo(2);
  await paidHoursAgo(30);
  // Paid a month ago, ends in 3 days, and still without credentials: late, and expiring.
  await paidSubscription(shop.runtime.store, customer.userId, new Date(Date.now() + 3 * 24 * HOUR));
  await placedOrder(shop.runtime.store, customer.userId, new Date(Date.now() - 3 * HOUR));
  await placedOrder(shop.runtime.store, customer.userId, new Date(Date.now() - 10 * 60_000));
  await handleCommand(
    shop.runtime.store,
    subscriptionStreamId(fresh.subscriptionId),
    subscriptionDecider,
    {
      type: 'RequestRefund',
      data: { subscriptionId: fresh.subscriptionId, userId: customer.userId, reason: 'Not for me', now: new Date() },
    },
    { metadata: { actor: { type: 'customer', id: customer.userId } } },
  );
  const sent = await call('POST', '/api/support/messages', {
    ip: randomIp('10.63'),
    body: {
      email: 'queue@example.com',
      category: 'other',
      subject: 'A question',
      message: 'Where are my credentials?',
    },
  });
  expect(sent.status).toBe(201);
  // Everything is in the read models.
  await eventually(
    queue,
    (work) => item(work, 'refund_requests').count === 1 && item(work, 'new_inquiries').count === 1,
  );
});

describe('the work queue', () => {
  it('counts each kind of work waiting, with the oldest one, and the total', async () => {
    const work = await queue();
    const counts = Object.fromEntries(work.items.map((i) => [i.key, i.count]));
    expect(counts).toEqual({
      credentials_to_supply: 3,
      new_inquiries: 1,
      pending_payments: 1,
      refund_requests: 1,
      failed_renewals: 0,
      expiring_soon: 1,
    });
    // Expiring subscriptions are a heads-up, not work.
    expect(work.total).toBe(3 + 1 + 1 + 1);
    const credentials = item(work, 'credentials_to_supply');
    expect(credentials.overdue).toMatchObject({ count: 2, hours: 24 });
    // The oldest to supply was paid a month ago; the oldest pending order is 3 hours old.
    expect(Date.parse(work.at) - Date.parse(credentials.oldestAt!)).toBeGreaterThan(27 * 24 * HOUR);
    const pending = Date.parse(work.at) - Date.parse(item(work, 'pending_payments').oldestAt!);
    expect(pending).toBeGreaterThan(2.9 * HOUR);
    expect(pending).toBeLessThan(3.1 * HOUR);
    expect(item(work, 'failed_renewals').oldestAt).toBeNull();
  });

  it("each count is the total of its list's filter: a click shows exactly those rows", async () => {
    const work = await queue();
    for (const link of [...work.items, item(work, 'credentials_to_supply').overdue!]) {
      const { data, total } = await listed(link);
      expect(total, JSON.stringify(link.filter)).toBe(link.count);
      expect(data).toHaveLength(link.count);
    }
    const overdue = await listed(item(work, 'credentials_to_supply').overdue!);
    for (const row of overdue.data) {
      expect(Date.parse(String(row.paidAt))).toBeLessThan(Date.parse(work.at) - 24 * HOUR);
      expect(row).toMatchObject({ status: 'active', credentialsId: null });
    }
    const pending = await listed(item(work, 'pending_payments'));
    expect(pending.data.map((row) => row.status)).toEqual(['pending']);
    const inquiries = await listed(item(work, 'new_inquiries'));
    expect(inquiries.data.map((row) => row.subject)).toEqual(['A question']);
  });

  it('the lists refuse a filter instant that is not ISO 8601', async () => {
    const refused = await provider
      .getList('subscriptions', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'createdAt', order: 'ASC' },
        filter: { createdBefore: 'yesterday' },
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
  });

  it('is for staff only', async () => {
    expect((await call('GET', '/api/admin/work-queue')).status).toBe(401);
    const asCustomer = await call('GET', '/api/admin/work-queue', { token: customer.token });
    expect(asCustomer.status).toBe(403);
  });
});
