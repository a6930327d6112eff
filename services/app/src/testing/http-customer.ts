import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { StaffRole } from '@shop/domain';
import { eventually, grantRole, turnOnStaffTwoFactor, type TestShop } from './test-shop.js';

export interface JsonReply {
  status: number;
  /** The JSON answer, `{}` when empty, `{ text }` when it is not JSON. */
  body: Record<string, unknown>;
  headers: Headers;
}

export interface JsonRequest {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, labelled JSON (for signed webhook payloads). */
  raw?: string;
  /** Sent as is, labelled as a URL-encoded form. */
  form?: string;
  /** The client address the shop sees (X-Forwarded-For); rate limits count per address. */
  ip?: string;
  headers?: Record<string, string>;
  redirect?: RequestInit['redirect'];
}

/** One HTTP request to the shop at `baseUrl`, answer read as JSON. */
export async function requestJson(
  baseUrl: string,
  method: string,
  path: string,
  options: JsonRequest = {},
): Promise<JsonReply> {
  const json = options.body !== undefined || options.raw !== undefined;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: options.redirect,
    headers: {
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...(options.form !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.ip ? { 'X-Forwarded-For': options.ip } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : (options.raw ?? options.form),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** `requestJson` on one shop, whose address is read at each request (a shop under test starts in its beforeAll). */
export const requestsTo =
  (shop: { readonly url: string }) =>
  (method: string, path: string, options: JsonRequest = {}): Promise<JsonReply> =>
    requestJson(shop.url, method, path, options);

/** The cookies an answer sets, by name; a cookie it clears reads ''. */
export function cookieJarOf(headers: Headers): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    jar[pair.slice(0, separator)] = pair.slice(separator + 1);
  }
  return jar;
}

/** A random address that starts with `prefix` (`'10.7'` gives 10.7.x.y), so per-address limits never meet. */
export function randomIp(prefix: string): string {
  const octets = prefix.split('.');
  while (octets.length < 4) octets.push(String(Math.floor(Math.random() * 250)));
  return octets.join('.');
}

export interface HttpCustomer {
  userId: string;
  email: string;
  password: string;
  token: string;
  /** Once two-factor sign-in is on (staff, see turnOnStaffTwoFactor): a fresh code for the next sign-in. */
  secondFactor?: () => string;
}

/**
 * Signs a new customer up (expects 201) and in (expects 200) over HTTP, both from `ip` when given,
 * and returns its Bearer token. The e-mail is `<label>-<random>@example.com`.
 */
export async function signUpAndSignIn(
  baseUrl: string,
  options: { label: string; password?: string; fullName?: string; ip?: string },
): Promise<HttpCustomer> {
  const email = `${options.label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? 'a good password';
  const { fullName, ip } = options;
  const signUp = await requestJson(baseUrl, 'POST', '/api/auth/sign-up', { body: { email, password, fullName }, ip });
  expect(signUp.status).toBe(201);
  const signIn = await requestJson(baseUrl, 'POST', '/api/auth/sign-in', { body: { email, password }, ip });
  expect(signIn.status).toBe(200);
  return { userId: signUp.body.id as string, email, password, token: signIn.body.accessToken as string };
}

/**
 * A new customer signed up and in (see signUpAndSignIn), then given staff roles (see grantRole)
 * and, as the back-office requires of staff, two-factor sign-in (unless `twoFactor: false`, to
 * see the refusal); `secondFactor()` then gives the code of a later sign-in.
 */
export async function signUpStaff(
  shop: TestShop,
  options: {
    label: string;
    roles: readonly StaffRole[];
    twoFactor?: boolean;
    password?: string;
    fullName?: string;
    ip?: string;
  },
): Promise<HttpCustomer> {
  const { roles, twoFactor = true, ...signUp } = options;
  const staff: HttpCustomer = await signUpAndSignIn(shop.url, signUp);
  for (const role of roles) await grantRole(shop, staff, role);
  if (twoFactor) await turnOnStaffTwoFactor(shop, staff);
  return staff;
}

/** A new customer signed up and in (see signUpAndSignIn), then made an owner of the shop (see grantAdmin). */
export function signUpAdmin(
  shop: TestShop,
  options: { label: string; password?: string; fullName?: string; ip?: string },
): Promise<HttpCustomer> {
  return signUpStaff(shop, { ...options, roles: ['owner'] });
}

/**
 * Turns two-factor sign-in on over HTTP (the set-up waits for the account's profile to be
 * projected); returns the customer's authenticator, whose current code the set-up spent, and the recovery codes.
 */
export async function turnOnTwoFactor(
  baseUrl: string,
  customer: HttpCustomer,
): Promise<{ totp: TOTP; recoveryCodes: string[] }> {
  const { token } = customer;
  const setup = await eventually(
    () => requestJson(baseUrl, 'POST', '/api/me/2fa/setup', { token }),
    (reply) => reply.status === 200,
  );
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(setup.body.secret as string),
  });
  const enabled = await requestJson(baseUrl, 'POST', '/api/me/2fa/enable', {
    token,
    body: { code: totp.generate() },
  });
  expect(enabled.status).toBe(200);
  return { totp, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/**
 * Polls GET /api/me/subscriptions through `request` until the row `subscriptionId` passes `accept`;
 * returns that row (undefined when it never did).
 */
export async function mySubscriptionWhere(
  request: (method: string, path: string, options: JsonRequest) => Promise<JsonReply>,
  token: string,
  subscriptionId: string,
  accept: (row: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const reply = await eventually(
    () => request('GET', '/api/me/subscriptions', { token }),
    (r) => (r.body.data as Array<Record<string, unknown>>).some((s) => s.id === subscriptionId && accept(s)),
  );
  return (reply.body.data as Array<Record<string, unknown>>).find((s) => s.id === subscriptionId)!;
}

/**
 * Customers of `shop` who are signed in again when their session has run out meanwhile (a session
 * lasts 30 days on the shop's clock: a test that moves it months on meets many). Each request and
 * sign-in comes from a random address under `ipPrefix`; `timeoutMs` bounds each poll of a profile.
 */
export function customerSessions(shop: { readonly url: string }, options: { ipPrefix: string; timeoutMs?: number }) {
  /** `method path` as `who`, with `body` as JSON when given. */
  async function as(who: HttpCustomer, method: string, path: string, body?: unknown): Promise<JsonReply> {
    const send = () =>
      requestJson(shop.url, method, path, {
        token: who.token,
        ip: randomIp(options.ipPrefix),
        ...(body === undefined ? {} : { body }),
      });
    const res = await send();
    if (res.status !== 401) return res;
    const signIn = await requestJson(shop.url, 'POST', '/api/auth/sign-in', {
      body: { email: who.email, password: who.password, ...(who.secondFactor ? { totpCode: who.secondFactor() } : {}) },
      ip: randomIp(options.ipPrefix),
    });
    expect(signIn.status).toBe(200);
    who.token = String(signIn.body.accessToken);
    return send();
  }

  /** Polls `who`'s GET /api/me/subscriptions until the row `subscriptionId` passes `accept`; throws when it never did. */
  async function subscriptionRow<Row extends object = Record<string, unknown>>(
    who: HttpCustomer,
    subscriptionId: string,
    accept: (row: Row) => boolean,
  ): Promise<Row> {
    const mine = (rows: Row[]) => rows.find((r) => (r as { id?: unknown }).id === subscriptionId);
    const rows = await eventually(
      async () => {
        const res = await as(who, 'GET', '/api/me/subscriptions');
        if (res.status !== 200)
          throw new Error(`GET /api/me/subscriptions answered ${res.status}: ${JSON.stringify(res.body)}`);
        return (res.body.data as Row[] | undefined) ?? [];
      },
      (found) => {
        const row = mine(found);
        return row !== undefined && accept(row);
      },
      options.timeoutMs,
    );
    const row = mine(rows);
    if (!row || !accept(row)) throw new Error(`the profile never showed what was awaited: ${JSON.stringify(row)}`);
    return row;
  }

  return { as, subscriptionRow };
}
