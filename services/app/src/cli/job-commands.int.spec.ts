import { describe, expect, it } from 'vitest';
import { requestJson } from '../testing/http-customer.js';
import { testShopWithShopctl } from '../testing/shopctl-process.js';
import { eventually } from '../testing/test-shop.js';

// The worker looks for retried jobs every half second here (every 30 s by default).
const cli = testShopWithShopctl('job_commands', { env: { JOB_RECONCILE_INTERVAL_MS: '500' } });

const readiness = async () =>
  (await requestJson(cli.shop.url, 'GET', '/readyz')).body as {
    status: string;
    checks: Array<{ name: string; ok: boolean; reason?: string }>;
  };

describe('shopctl jobs', () => {
  it('lists a job that used its attempts, and retries it so it runs once more', async () => {
    const { knex } = cli.shop.runtime;
    await knex('queued_jobs').insert({
      id: 'sweep-failed-by-hand',
      name: 'sweep-expired-subscriptions',
      data: JSON.stringify({}),
      run_at: new Date(),
      status: 'failed',
      attempts: 6,
      last_error: 'the database was away',
      finished_at: new Date(),
    });
    expect(await readiness()).toMatchObject({
      status: 'degraded',
      checks: expect.arrayContaining([expect.objectContaining({ name: 'jobs', ok: false })]),
    });

    const listed = await cli.shopctl('jobs', 'failed');
    expect(listed.stderr).toBe('');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('1 failed job(s)');
    expect(listed.stdout).toContain('sweep-failed-by-hand  sweep-expired-subscriptions  6 attempt(s)');
    expect(listed.stdout).toContain('last error: the database was away');
    const json = JSON.parse((await cli.shopctl('jobs', 'failed', '--json')).stdout) as Array<{ id: string }>;
    expect(json.map((job) => job.id)).toEqual(['sweep-failed-by-hand']);

    expect((await cli.shopctl('jobs', 'retry')).status).toBe(2);
    const retried = await cli.shopctl('jobs', 'retry', 'sweep-failed-by-hand', 'no-such-job');
    expect(retried.status).toBe(1);
    expect(retried.stdout).toContain('1 job(s) retried: sweep-failed-by-hand');
    expect(retried.stderr).toContain('Not failed (or unknown): no-such-job');

    // The running worker picks the job up again and runs it to the end.
    const row = await eventually(
      () => knex('queued_jobs').where({ id: 'sweep-failed-by-hand' }).first<{ status: string; attempts: number }>(),
      (r) => r?.status === 'done',
    );
    expect(row.attempts).toBe(1);
    expect((await cli.shopctl('jobs', 'failed')).stdout).toContain('No failed job');
    expect((await readiness()).status).toBe('ready');
  });
});
