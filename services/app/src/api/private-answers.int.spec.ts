import { beforeAll, describe, expect, it } from 'vitest';
import { randomIp, requestsTo, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

const shop = useTestShop('private_answers');
let customer: HttpCustomer;
let admin: HttpCustomer;

beforeAll(async () => {
  customer = await signUpAndSignIn(shop.url, { label: 'private', ip: randomIp('10.81') });
  admin = await signUpAdmin(shop, { label: 'private-admin', ip: randomIp('10.81') });
  await eventually(
    () => call('GET', '/api/admin/users', { token: admin.token }),
    (reply) => reply.status === 200,
  );
});

const call = requestsTo(shop);

describe('answers about a person are never stored by a cache', () => {
  it('sends Cache-Control: no-store on every /api/me and /api/admin answer, errors included', async () => {
    const answers = [
      await call('GET', '/api/me'),
      await eventually(
        () => call('GET', '/api/me', { token: customer.token }),
        (reply) => reply.status === 200,
      ),
      await call('GET', '/api/me/security-activity', { token: customer.token }),
      await call('PATCH', '/api/me', { token: customer.token, body: { fullName: 42 } }),
      await call('GET', '/api/me/nothing-here', { token: customer.token }),
      await call('GET', '/api/admin/users'),
      await call('GET', '/api/admin/users', { token: customer.token }),
      await call('GET', '/api/admin/users', { token: admin.token }),
      await call('GET', '/api/admin/nothing-here', { token: admin.token }),
      await call('POST', '/api/admin/credentials', { token: admin.token, raw: '{not json' }),
    ];
    expect(answers.map((reply) => reply.status)).toEqual([401, 200, 200, 400, 404, 401, 403, 200, 404, 400]);
    for (const reply of answers) expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves public answers cacheable as before', async () => {
    const plans = await call('GET', '/api/plans');
    expect(plans.status).toBe(200);
    expect(plans.headers.get('cache-control')).not.toBe('no-store');
  });
});
