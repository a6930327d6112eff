import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

const failure = (status: number) => new ApiError({ status, code: `http.${status}`, detail: '' });

describe('the query client', () => {
  it('never asks again after a 4xx: the answer would be the same', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, failure(status))).toBe(false);
  });

  it('asks twice more after a 5xx or an unreachable API', () => {
    for (const error of [failure(500), failure(503), failure(0), new TypeError('failed')]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('evicts an answer no screen has shown for five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(5 * 60_000);
    expect(defaults?.retry).toBe(shouldRetry);
  });
});
