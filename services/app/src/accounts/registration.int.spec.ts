import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAndSignIn } from '../testing/http-customer.js';
import { crashOnInsert } from '../testing/injected-crash.js';
import { useTestShop } from '../testing/shop-under-test.js';

const shop = useTestShop('registration', { redis: true });

const signUp = (email: string) =>
  requestJson(shop.url, 'POST', '/api/auth/sign-up', {
    ip: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    body: { email, password: 'a long enough passphrase' },
  });

async function orphans(email: string) {
  const rows = await shop.runtime.knex('account_credentials').where({ email_normalized: email });
  const events = await shop.runtime
    .knex('es_events')
    .where({ event_type: 'AccountRegistered' })
    .whereIn(
      'stream_id',
      rows.map((row: { user_id: string }) => `account-${row.user_id}`),
    );
  return { rows: rows.length, events: events.length };
}

describe('signing up commits the e-mail and the account together', () => {
  it.each(['event', 'row'] as const)(
    'a crash at the %s leaves neither, and the e-mail is free for the next try',
    async (at) => {
      const email = `crash-${at}-${randomUUID().slice(0, 8)}@example.com`;
      const registrations = async () =>
        (await shop.runtime.knex('es_events').where({ event_type: 'AccountRegistered' })).length;
      const registeredBefore = await registrations();
      const lift = await crashOnInsert(shop.runtime.knex, {
        ...(at === 'event' ? { table: 'es_events', eventType: 'AccountRegistered' } : { table: 'account_credentials' }),
        blockDeletesOn: 'account_credentials',
      });
      try {
        expect((await signUp(email)).status).toBe(500);
      } finally {
        await lift();
      }
      expect(await orphans(email)).toEqual({ rows: 0, events: 0 });
      // No account event without its row either (the e-mail is sealed in the event, so count them).
      expect(await registrations()).toBe(registeredBefore);
      expect((await signUp(email)).status).toBe(201);
      expect(await orphans(email)).toEqual({ rows: 1, events: 1 });
    },
  );

  it('a second sign-up with the same e-mail is refused and records nothing', async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    expect((await signUp(email)).status).toBe(201);
    const before = await shop.runtime.knex('es_events').count<{ count: string }[]>('* as count').first();
    const again = await signUp(email);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('auth.email_taken');
    const after = await shop.runtime.knex('es_events').count<{ count: string }[]>('* as count').first();
    expect(after?.count).toBe(before?.count);
  });
});

describe('a new account reads its profile at once', () => {
  it('the profile asked before the accounts read model has the account waits for it, not 404', async () => {
    // Another session holds the accounts read model: the projector's write of the new account
    // waits behind it, as it would behind a busy projector (reads go on).
    const locker = await shop.runtime.knex.transaction();
    let released = false;
    try {
      await locker.raw('LOCK TABLE accounts IN EXCLUSIVE MODE');
      const person = await signUpAndSignIn(shop.url, { label: 'fresh', ip: randomIp('10.87') });
      const profile = requestJson(shop.url, 'GET', '/api/me', { token: person.token });
      await new Promise((resolve) => setTimeout(resolve, 400));
      await locker.rollback();
      released = true;
      const reply = await profile;
      expect([reply.status, reply.body.email]).toEqual([200, person.email]);
    } finally {
      if (!released) await locker.rollback();
    }
  });
});
