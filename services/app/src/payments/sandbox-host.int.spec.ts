import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.js';
import { cookieJarOf, randomIp, requestJson, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { plansListed } from '../testing/shop-under-test.js';
import { startTestShop, type TestShop } from '../testing/test-shop.js';

/**
 * The shop's PUBLIC_URL says `localhost` while the customer opened it on `127.0.0.1` (the same
 * port: a name the shop answers for). The session's cookies belong to the host the customer is on,
 * so the sandbox's page, its buttons and its way back must all stay there.
 */
let database: TestDatabase;
let shop: TestShop;
/** Where the customer is: the shop under another loopback name than its PUBLIC_URL's. */
let customerOrigin: string;

beforeAll(async () => {
  database = await createTestDatabase('sandbox_host');
  const port = await freePort();
  shop = await startTestShop({
    databaseUrl: database.url,
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
  });
  customerOrigin = `http://127.0.0.1:${port}`;
  await plansListed(shop);
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** A browser on `customerOrigin`: its cookies, sent back to the host that set them and to no other. */
async function browserOn127() {
  const customer = await signUpAndSignIn(customerOrigin, { label: 'sandbox-host', ip: randomIp('10.93') });
  const signIn = await requestJson(customerOrigin, 'POST', '/api/auth/sign-in', {
    body: { email: customer.email, password: customer.password },
    ip: randomIp('10.93'),
    headers: { Origin: customerOrigin },
  });
  expect(signIn.status).toBe(200);
  const jar = cookieJarOf(signIn.headers);
  /** Follows `url` as the browser would: relative to `base`; cookies only on the host that set them. */
  const visit = async (url: string, base: string, init: RequestInit = {}) => {
    const target = new URL(url, base);
    const sameHost = target.origin === customerOrigin;
    return {
      target,
      res: await fetch(target, {
        redirect: 'manual',
        ...init,
        headers: {
          ...(sameHost ? { Cookie: cookieHeader(jar) } : {}),
          'X-Forwarded-For': randomIp('10.93'),
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
    };
  };
  const write = (method: string, path: string, options: JsonRequest = {}) =>
    requestJson(customerOrigin, method, path, {
      ip: randomIp('10.93'),
      ...options,
      headers: {
        Cookie: cookieHeader(jar),
        'X-CSRF-Token': jar.csrf_token!,
        Origin: customerOrigin,
        ...options.headers,
      },
    });
  return { visit, write };
}

describe('the sandbox on a loopback name other than the public URL', () => {
  it('pays on the host the customer is on and lands on /payment-success there, still signed in', async () => {
    const browser = await browserOn127();
    const placed = await browser.write('POST', '/api/orders', {
      body: { planId: 'netflix', months: 1, billingCountry: 'FR', provider: 'sandbox' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.redirectUrl).toMatch(/\/sandbox\/checkout\/sbx_[0-9a-f]+$/);
    // An absolute address, on the host the customer asked (not PUBLIC_URL's localhost).
    expect(new URL(String(placed.body.redirectUrl)).origin).toBe(customerOrigin);

    const page = await browser.visit(String(placed.body.redirectUrl), `${customerOrigin}/checkout`, {
      headers: { Accept: 'text/html' },
    });
    expect(page.target.origin).toBe(customerOrigin);
    expect(page.res.status).toBe(200);
    const html = await page.res.text();
    const action = /<form method="post" action="([^"]+\/pay)"/.exec(html)?.[1];
    expect(action).toBeDefined();

    const paid = await browser.visit(action!, page.target.href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null', Accept: 'text/html' },
      body: 'card=4242424242424242',
    });
    expect(paid.target.origin).toBe(customerOrigin);
    expect(paid.res.status).toBe(303);
    const landing = new URL(paid.res.headers.get('location')!, paid.target);
    expect(landing.origin).toBe(customerOrigin);
    expect(`${landing.pathname}${landing.search}`).toMatch(/^\/payment-success\?session_id=sbx_[0-9a-f]+$/);

    // /payment-success asks the shop with the session's cookies, which the browser still sends there.
    const verified = await browser.visit(`/api/payments/verify${landing.search}`, landing.href, {
      headers: { Accept: 'application/json' },
    });
    expect(verified.res.status).toBe(200);
    expect(await verified.res.json()).toMatchObject({ subscriptionId: placed.body.subscriptionId });
  });

  it("answers a browser's unknown sandbox page with a small page in its language and a way back to the shop", async () => {
    const browser = await browserOn127();
    const english = await browser.visit('/sandbox/checkout/sbx_0123456789abcdef01234567', customerOrigin, {
      headers: { Accept: 'text/html,application/xhtml+xml', 'Accept-Language': 'en-GB,en;q=0.9' },
    });
    expect(english.res.status).toBe(404);
    expect(english.res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await english.res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('This payment page does not exist');
    expect(page).toMatch(/<a href="\/">[^<]+<\/a>/);

    const french = await browser.visit('/sandbox/sessions/sbx_0123456789abcdef01234567/pay', customerOrigin, {
      method: 'POST',
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
    });
    expect(french.res.status).toBe(404);
    expect(await french.res.text()).toContain('<html lang="fr">');

    // An API client still gets the problem.
    const api = await browser.visit('/sandbox/checkout/sbx_0123456789abcdef01234567', customerOrigin, {
      headers: { Accept: 'application/json' },
    });
    expect(api.res.status).toBe(404);
    expect(await api.res.json()).toMatchObject({ code: 'payment.session_not_found' });
  });
});
