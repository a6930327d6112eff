import { createTestDatabase, testServices, uniqueRedisPrefix, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';

let database: TestDatabase;
let shop: TestShop;
let customer: HttpCustomer;

beforeAll(async () => {
  database = await createTestDatabase('trust_proxy');
  // No proxy in front: whatever X-Forwarded-For a client sends is its own claim.
  shop = await startTestShop({
    databaseUrl: database.url,
    redisUrl: testServices().redisUrl,
    queuePrefix: uniqueRedisPrefix('trust-proxy'),
    env: { TRUST_PROXY: 'off' },
  });
  customer = await signUpAndSignIn(shop.url, { label: 'spoofer', ip: '203.0.113.9' });
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('X-Forwarded-For from a peer that is not a trusted proxy', () => {
  it('does not change the address the security activity shows', async () => {
    const activity = await eventually(
      () => requestJson(shop.url, 'GET', '/api/me/security-activity', { token: customer.token }),
      (reply) => ((reply.body.data as unknown[] | undefined) ?? []).length > 0,
    );
    const [signIn] = activity.body.data as Array<{ action: string; location: string }>;
    // The test talks to the shop over loopback; the claimed 203.0.113.9 is ignored.
    expect(signIn!.location).toBe('Local network');
  });

  it('does not escape the per-address sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const attempt = await requestJson(shop.url, 'POST', '/api/auth/sign-in', {
        body: { email: `nobody-${i}@example.com`, password: 'x' },
        ip: `198.51.100.${i + 1}`,
      });
      statuses.push(attempt.status);
    }
    expect(statuses).toContain(429);
  });
});
