import { describe, expect, it } from 'vitest';
import type { ShopDataProvider } from '../../providers/data-provider';
import { aSubscription } from '../../testing/fixtures';
import type { Subscription } from './subscription-vocabulary';
import { untilProjected } from './until-projected';

/** A data provider whose `getOne` answers `answers` in turn (the last one again once they run out). */
function answering(answers: Array<Subscription | { status: number }>): ShopDataProvider {
  let calls = 0;
  return {
    getOne: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      if ('status' in answer && typeof answer.status === 'number') throw answer;
      return { data: answer };
    },
  } as unknown as ShopDataProvider;
}

describe('waiting for the read model after a back-office decision', () => {
  it('returns once the subscription shows the change', async () => {
    const before = aSubscription({ credentialsId: null });
    const after = aSubscription({ credentialsId: 'cred-9' });
    await expect(
      untilProjected(answering([before, after]), before.id, (row) => row?.credentialsId === 'cred-9'),
    ).resolves.toBeUndefined();
  });

  it('is done when the subscription left the read model, if that is what the decision does (voiding)', async () => {
    await expect(untilProjected(answering([{ status: 404 }]), 'sub-1', (row) => row === null)).resolves.toBeUndefined();
  });

  it('passes the refusal on when the subscription is gone but the decision expected it (credentials given to it)', async () => {
    await expect(
      untilProjected(answering([{ status: 404 }]), 'sub-1', (row) => row?.credentialsId === 'cred-9'),
    ).rejects.toEqual({ status: 404 });
  });
});
