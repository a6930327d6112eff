import { useReadModelTestDatabase } from '@shop/projections/testing';
import { eventually } from '@shop/testing';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { expiryHandlers, expiryJob } from '../testing/expiry-jobs.js';
import { InProcessJobQueue } from './in-process-queue.js';

const DAY_MS = 24 * 3600_000;
const logger = createLogger({ level: 'silent' });

let knex: Knex;
useReadModelTestDatabase('in_process_queue', (opened) => ({ knex } = opened));

/** Wall-clock time moved by `offsetMs`: timers still tick in real time, the queue reads a later date. */
const shiftedClock = (offsetMs: number) => () => new Date(Date.now() + offsetMs);

/** Handlers that record every run of `expire-subscription` by subscription id. */
function recordingHandlers(options: { failFirst?: Record<string, number> } = {}) {
  const runs = new Map<string, number[]>();
  const failuresLeft = new Map(Object.entries(options.failFirst ?? {}));
  const handlers = expiryHandlers((subscriptionId) => {
    const left = failuresLeft.get(subscriptionId) ?? 0;
    if (left > 0) {
      failuresLeft.set(subscriptionId, left - 1);
      throw new Error('temporary');
    }
    runs.set(subscriptionId, [...(runs.get(subscriptionId) ?? []), Date.now()]);
  });
  return { runs, handlers };
}

const stored = async (id: string) => knex('queued_jobs').where({ id }).first();

describe('in-process job queue', () => {
  it('never runs a job before its time, runs each id once, and retries a failure', async () => {
    const queue = new InProcessJobQueue({ knex, logger });
    const { runs, handlers } = recordingHandlers({ failFirst: { flaky: 1 } });
    await queue.startProcessing(handlers);
    const start = Date.now();
    const due = Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, runAt: new Date(start + 20 + (i % 7) * 13) }));
    await queue.enqueue(due.map(({ id, runAt }) => expiryJob(id, runAt)));
    await queue.enqueue([expiryJob('s0')]);
    await queue.enqueue([expiryJob('flaky')]);
    await eventually(
      async () => (await stored('flaky'))?.status,
      (status) => status === 'done',
    );
    await eventually(
      () => queue.counts(),
      (counts) => counts.waiting + counts.delayed + counts.active === 0,
    );
    await queue.close();
    for (const { id, runAt } of due) {
      expect(runs.get(id)).toHaveLength(1);
      expect(runs.get(id)![0]!).toBeGreaterThanOrEqual(runAt.getTime());
    }
    expect(runs.get('flaky')).toHaveLength(1);
    expect(await stored('flaky')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('keeps a delayed job across a restart and runs it once when it is due', async () => {
    const first = new InProcessJobQueue({ knex, logger });
    const before = recordingHandlers();
    await first.startProcessing(before.handlers);
    const runAt = new Date(Date.now() + 3 * DAY_MS);
    await first.enqueue([expiryJob('warn-in-3-days', runAt)]);
    // The same id again, as a reactor replaying its log would: still one job.
    await first.enqueue([expiryJob('warn-in-3-days', runAt), expiryJob('warn-in-3-days', runAt)]);
    expect(await first.counts()).toMatchObject({ delayed: 1, waiting: 0, active: 0 });
    await first.close();
    expect(before.runs.size).toBe(0);
    expect(await stored('warn-in-3-days')).toMatchObject({
      status: 'pending',
      attempts: 0,
      name: 'expire-subscription',
    });

    // Restarted before it is due: still waiting, nothing runs.
    const early = new InProcessJobQueue({ knex, logger, clock: shiftedClock(DAY_MS) });
    const tooEarly = recordingHandlers();
    await early.startProcessing(tooEarly.handlers);
    expect(await early.counts()).toMatchObject({ delayed: 1 });
    await early.close();
    expect(tooEarly.runs.size).toBe(0);

    // Restarted after its time: it runs, once, although the reactor enqueues it again.
    const late = shiftedClock(3 * DAY_MS + 60_000);
    const second = new InProcessJobQueue({ knex, logger, clock: late });
    const after = recordingHandlers();
    await second.enqueue([expiryJob('warn-in-3-days', runAt)]);
    await second.startProcessing(after.handlers);
    await second.enqueue([expiryJob('warn-in-3-days', runAt)]);
    await eventually(
      async () => (await stored('warn-in-3-days'))?.status,
      (status) => status === 'done',
    );
    await second.close();
    expect(after.runs.get('warn-in-3-days')).toHaveLength(1);

    // A job already done is not run again after another restart, nor when enqueued again.
    const third = new InProcessJobQueue({ knex, logger, clock: shiftedClock(4 * DAY_MS) });
    const again = recordingHandlers();
    await third.startProcessing(again.handlers);
    await third.enqueue([expiryJob('warn-in-3-days', runAt)]);
    await third.enqueue([expiryJob('after-restart')]);
    await eventually(
      async () => (await stored('after-restart'))?.status,
      (status) => status === 'done',
    );
    await third.close();
    expect(again.runs.has('warn-in-3-days')).toBe(false);
    expect(again.runs.get('after-restart')).toHaveLength(1);
  });

  it('keeps a job enqueued before the worker started, and the attempts a failing job has used', async () => {
    const first = new InProcessJobQueue({ knex, logger });
    // Enqueued before any handler is registered: the process stops before it processes anything.
    await first.enqueue([expiryJob('enqueued-early')]);
    expect(await first.counts()).toMatchObject({ waiting: 1 });
    await first.close();

    const failing = new InProcessJobQueue({ knex, logger });
    const broken = recordingHandlers({ failFirst: { 'enqueued-early': 2 } });
    await failing.startProcessing(broken.handlers);
    // The first attempt fails; the retry is one back-off away, and the process stops meanwhile.
    await eventually(
      async () => (await stored('enqueued-early'))?.attempts,
      (attempts) => attempts === 1,
    );
    await failing.close();
    const afterFailure = await stored('enqueued-early');
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1, last_error: 'temporary' });
    expect(broken.runs.size).toBe(0);

    const restarted = new InProcessJobQueue({ knex, logger, clock: shiftedClock(60_000) });
    const fixed = recordingHandlers({ failFirst: { 'enqueued-early': 1 } });
    await restarted.startProcessing(fixed.handlers);
    await eventually(
      async () => (await stored('enqueued-early'))?.status,
      (status) => status === 'done',
    );
    await restarted.close();
    expect(fixed.runs.get('enqueued-early')).toHaveLength(1);
    expect(await stored('enqueued-early')).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('marks a job failed after its last attempt and does not run it after a restart', async () => {
    const queue = new InProcessJobQueue({ knex, logger, clock: shiftedClock(0) });
    const hopeless = recordingHandlers({ failFirst: { hopeless: 100 } });
    await queue.startProcessing(hopeless.handlers);
    // As if five attempts had already failed before a restart: the sixth is the last.
    await knex('queued_jobs').insert({
      id: 'hopeless',
      name: 'expire-subscription',
      data: JSON.stringify({ subscriptionId: 'hopeless' }),
      run_at: new Date(),
      attempts: 5,
    });
    await queue.close();

    const restarted = new InProcessJobQueue({ knex, logger });
    await restarted.startProcessing(hopeless.handlers);
    await eventually(
      async () => (await stored('hopeless'))?.status,
      (status) => status === 'failed',
    );
    expect(await restarted.counts()).toMatchObject({ failed: 1 });
    await restarted.close();
    expect(await stored('hopeless')).toMatchObject({ status: 'failed', attempts: 6 });

    const once = recordingHandlers();
    const last = new InProcessJobQueue({ knex, logger });
    await last.startProcessing(once.handlers);
    await last.enqueue([expiryJob('hopeless')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await last.close();
    expect(once.runs.size).toBe(0);
  });
});
