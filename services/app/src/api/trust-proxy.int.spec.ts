import { beforeAll, describe, expect, it } from 'vitest';
import { requestJson, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

// No proxy in front: whatever X-Forwarded-For a client sends is its own claim.
const shop = useTestShop('trust_proxy', { redis: true, env: { TRUST_PROXY: 'off' } });
let customer: HttpCustomer;

beforeAll(async () => {
  customer = await signUpAndSignIn(shop.url, { label: 'spoofer', ip: '203.0.113.9' });
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
