import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { accountStreamId, inquiryDataSubject, inquiryStreamId } from '@shop/domain';
import { accountsProjection, projectionStatuses, ALL_PROJECTIONS, getInquiry } from '@shop/projections';
import { describe, expect, it } from 'vitest';
import { compiled } from './testing/compiled-processes.js';
import { requestJson } from './testing/http-customer.js';
import { eventually, TEST_SECRETS_KEY } from './testing/test-shop.js';
import { useTestShop } from './testing/shop-under-test.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const shop = useTestShop('robust_projections', { redis: true });

const seal = (subject: string, value: string) => shop.runtime.vault.seal(shop.runtime.knex, subject, value);

/** An account registered straight into the log, as an older version of the shop could have recorded it. */
async function registerInLog(fields: { fullName: string; registeredAt?: string }) {
  const userId = randomUUID();
  await shop.runtime.store.appendToStream(accountStreamId(userId), [
    {
      type: 'AccountRegistered',
      data: {
        userId,
        email: await seal(userId, `${userId}@example.com`),
        fullName: await seal(userId, fields.fullName),
        method: 'password',
        provider: null,
        registeredAt: fields.registeredAt ?? new Date().toISOString(),
      },
    },
  ]);
  return userId;
}

async function accountRow(userId: string) {
  return shop.runtime.knex('accounts').where({ id: userId }).first<{ full_name: string } | undefined>();
}

async function newCustomerIsServed() {
  const email = `robust-${randomUUID().slice(0, 8)}@example.com`;
  const ip = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const password = 'a long enough passphrase';
  expect(
    (await requestJson(shop.url, 'POST', '/api/auth/sign-up', { ip, body: { email, password, fullName: 'Lou' } }))
      .status,
  ).toBe(201);
  const signIn = await requestJson(shop.url, 'POST', '/api/auth/sign-in', { ip, body: { email, password } });
  const me = await eventually(
    () => requestJson(shop.url, 'GET', '/api/me', { token: String(signIn.body.accessToken) }),
    (reply) => reply.status === 200,
  );
  expect(me.status).toBe(200);
}

const shopctl = (...args: string[]) =>
  run(process.execPath, [...compiled('shopctl'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: shop.database.url, SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout + error.stderr,
    }),
  );

describe('a log holding text PostgreSQL cannot store', () => {
  it('still projects: a NUL in a sealed name or subject is stored as U+FFFD, and later customers are served', async () => {
    const userId = await registerInLog({ fullName: 'a\u0000b' });
    const inquiryId = randomUUID();
    await shop.runtime.store.appendToStream(inquiryStreamId(inquiryId), [
      {
        type: 'InquiryReceived',
        data: {
          inquiryId,
          kind: 'support',
          email: await seal(inquiryDataSubject(inquiryId), 'nul@example.com'),
          name: null,
          category: 'technical',
          subject: await seal(inquiryDataSubject(inquiryId), 'Broken\u0000subject'),
          message: await seal(inquiryDataSubject(inquiryId), 'Line one\u0000line two'),
          userId: null,
          language: 'fr',
          receivedAt: new Date().toISOString(),
        },
      },
    ]);

    const row = await eventually(
      () => accountRow(userId),
      (found) => found !== undefined,
    );
    expect(row?.full_name).toBe('a\ufffdb');
    const inquiry = await eventually(
      () => getInquiry(shop.runtime.knex, inquiryId),
      (found) => found !== null && found !== undefined,
    );
    expect(inquiry).toMatchObject({ subject: 'Broken\ufffdsubject' });
    await newCustomerIsServed();
    expect((await requestJson(shop.url, 'GET', '/readyz')).status).toBe(200);
  });
});

describe('an event a projection cannot apply', () => {
  it('is parked after bounded retries; the projection goes on; /readyz says 503 until an operator resolves it', async () => {
    const broken = await registerInLog({ fullName: 'Date Less', registeredAt: 'the day before yesterday' });
    const after = await registerInLog({ fullName: 'Next In Line' });

    // The projection went past the broken event: the next one is applied.
    await eventually(
      () => accountRow(after),
      (found) => found !== undefined,
      20_000,
    );
    expect(await accountRow(broken)).toBeUndefined();
    await newCustomerIsServed();

    const statuses = await projectionStatuses(shop.runtime.knex, shop.runtime.store, ALL_PROJECTIONS);
    const accounts = statuses.find((s) => s.name === accountsProjection.name)!;
    expect(accounts.parked).toHaveLength(1);
    const [parked] = accounts.parked;
    expect(parked).toMatchObject({ eventType: 'AccountRegistered', streamId: accountStreamId(broken), attempts: 3 });
    expect(parked!.error).toMatch(/date|time/i);
    for (const other of statuses.filter((s) => s.name !== accountsProjection.name)) expect(other.parked).toEqual([]);

    const notReady = await requestJson(shop.url, 'GET', '/readyz');
    expect(notReady.status).toBe(503);
    expect(JSON.stringify(notReady.body)).toContain('"parkedEvents":1');

    const status = await shopctl('projections', 'status');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(
      `accounts ${parked!.globalPosition}  AccountRegistered on ${accountStreamId(broken)}`,
    );

    // Retrying an event that still fails keeps it parked and says why.
    const retry = await shopctl('projections', 'retry', 'accounts', String(parked!.globalPosition));
    expect(retry.code).toBe(1);
    expect(retry.stdout).toMatch(/still fails/);
    expect((await requestJson(shop.url, 'GET', '/readyz')).status).toBe(503);

    const skip = await shopctl('projections', 'skip', 'accounts', String(parked!.globalPosition));
    expect(skip.code).toBe(0);
    expect(skip.stdout).toContain('skipped by shopctl:');
    expect((await requestJson(shop.url, 'GET', '/readyz')).status).toBe(200);
    const record = await shop.runtime
      .knex('projection_parked_events')
      .where({ name: 'accounts', global_position: parked!.globalPosition })
      .first();
    expect(record).toMatchObject({ resolution: 'skipped', attempts: 4 });
  });
});
