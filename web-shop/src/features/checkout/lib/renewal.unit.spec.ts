import { describe, expect, it } from 'vitest';
import { aMySubscription } from '../../../testing/fixtures';
import { renewalStartWithinWithdrawal } from './renewal';

const now = Date.parse('2026-11-28T12:00:00.000Z');
const expiringOn = (expiresAt: string | null) => aMySubscription({ expiresAt });

describe('when the months a renewal pays for start within the 14-day withdrawal period', () => {
  it.each([
    ['an expiry in 5 days', '2026-12-03T12:00:00.000Z', '2026-12-03T12:00:00.000Z'],
    ['an expiry just inside the 14 days', '2026-12-12T11:59:59.000Z', '2026-12-12T11:59:59.000Z'],
    ['an expiry past', '2026-11-01T12:00:00.000Z', '2026-11-28T12:00:00.000Z'],
    ['no expiry yet', null, '2026-11-28T12:00:00.000Z'],
  ])('start at once or at the expiry: %s', (_case, expiresAt, start) => {
    expect(renewalStartWithinWithdrawal(expiringOn(expiresAt), now)?.toISOString()).toBe(start);
  });

  it.each([
    ['an expiry 14 days away', '2026-12-12T12:00:00.000Z'],
    ['an expiry in two months', '2027-01-28T12:00:00.000Z'],
  ])('start after it: %s', (_case, expiresAt) => {
    expect(renewalStartWithinWithdrawal(expiringOn(expiresAt), now)).toBeNull();
  });
});
