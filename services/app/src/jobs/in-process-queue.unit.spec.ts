import { describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { InProcessJobQueue } from './in-process-queue.js';
import type { JobHandlers } from './job-queue.js';

describe('in-process job queue', () => {
  it('never runs a job before its time, runs each id once, and retries a failure', async () => {
    const queue = new InProcessJobQueue(createLogger({ level: 'silent' }));
    const ranAt = new Map<string, number[]>();
    let failuresLeft = 1;
    const handlers = {
      'expire-subscription': async ({ subscriptionId }: { subscriptionId: string }) => {
        if (subscriptionId === 'flaky' && failuresLeft-- > 0) throw new Error('temporary');
        ranAt.set(subscriptionId, [...(ranAt.get(subscriptionId) ?? []), Date.now()]);
      },
      'sweep-expired-subscriptions': async () => undefined,
    } as unknown as JobHandlers;
    await queue.startProcessing(handlers);
    const start = Date.now();
    const due = Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, runAt: new Date(start + 20 + (i % 7) * 13) }));
    await queue.enqueue(
      due.map(({ id, runAt }) => ({ name: 'expire-subscription', data: { subscriptionId: id }, jobId: id, runAt })),
    );
    await queue.enqueue([{ name: 'expire-subscription', data: { subscriptionId: 's0' }, jobId: 's0' }]);
    await queue.enqueue([{ name: 'expire-subscription', data: { subscriptionId: 'flaky' }, jobId: 'flaky' }]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await queue.close();
    for (const { id, runAt } of due) {
      expect(ranAt.get(id)).toHaveLength(1);
      expect(ranAt.get(id)![0]!).toBeGreaterThanOrEqual(runAt.getTime());
    }
    expect(ranAt.get('flaky')).toHaveLength(1);
  });
});
