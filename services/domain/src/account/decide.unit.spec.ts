import { describe, expect, it } from 'vitest';
import {
  accountDecider,
  evolveAccount,
  FAILURES_BEFORE_LOCK,
  LOCK_SECONDS,
  rolesOf,
  type AccountCommand,
} from './decide.js';
import type { AccountEvent } from './events.js';
import { accountRegistered, accountSpec as spec, registration } from './testing/account-fixtures.js';

const at = '2026-03-01T10:00:00.000Z';
const registered = accountRegistered(at);
/** An attempt to turn two-factor off; the application has checked the code (`codeAccepted`). */
const disableAttempt = (options: { codeAccepted: boolean; at?: string }): AccountCommand => ({
  type: 'DisableTwoFactor',
  userId: 'u1',
  data: { codeAccepted: options.codeAccepted, device: 'pd1:d', location: 'pd1:l', at: options.at ?? at },
});

describe('accounts', () => {
  it('are registered once', () => {
    spec()
      .when({ type: 'RegisterAccount', userId: 'u1', data: registration(at) })
      .then([registered]);
    spec()
      .given([registered])
      .when({ type: 'RegisterAccount', userId: 'u1', data: registration(at, { email: 'x', fullName: 'y' }) })
      .thenThrows({ code: 'account.already_exists' });
  });

  it('record nothing for an unknown account', () => {
    spec()
      .when({ type: 'GrantRole', userId: 'ghost', data: { role: 'owner', grantedBy: 'shopctl', at } })
      .thenThrows({ code: 'account.not_found' });
  });

  it('grant a role once; granting the same role again records nothing', () => {
    const granted: AccountEvent = {
      type: 'RoleGranted',
      data: { userId: 'u1', role: 'support', grantedBy: 'shopctl', at },
    };
    spec()
      .given([registered])
      .when({ type: 'GrantRole', userId: 'u1', data: { role: 'support', grantedBy: 'shopctl', at } })
      .then([granted]);
    spec()
      .given([registered, granted])
      .when({ type: 'GrantRole', userId: 'u1', data: { role: 'support', grantedBy: 'again', at } })
      .thenNothing();
  });

  it('hold several staff roles at once, besides customer', () => {
    const grant = (role: 'support' | 'finance'): AccountEvent => ({
      type: 'RoleGranted',
      data: { userId: 'u1', role, grantedBy: 'owner-1', at },
    });
    const state = [registered, grant('support'), grant('finance')].reduce(evolveAccount, accountDecider.initialState());
    expect(rolesOf(state)).toEqual(['customer', 'support', 'finance']);
  });

  it('read a grant of the former admin role as owner', () => {
    const legacy = { type: 'RoleGranted', data: { userId: 'u1', role: 'admin', grantedBy: 'shopctl', at } } as const;
    const state = [registered, legacy].reduce(evolveAccount, accountDecider.initialState());
    expect(rolesOf(state)).toEqual(['customer', 'owner']);
    spec()
      .given([registered, legacy])
      .when({ type: 'GrantRole', userId: 'u1', data: { role: 'owner', grantedBy: 'again', at } })
      .thenNothing();
    spec()
      .given([registered, legacy])
      .when({ type: 'RevokeRole', userId: 'u1', data: { role: 'owner', revokedBy: 'o2', at, otherOwners: 1 } })
      .then([{ type: 'RoleRevoked', data: { userId: 'u1', role: 'owner', revokedBy: 'o2', at } }]);
  });

  it('revoke a role held, with who revoked it; a role not held records nothing', () => {
    const granted: AccountEvent = {
      type: 'RoleGranted',
      data: { userId: 'u1', role: 'finance', grantedBy: 'o1', at },
    };
    const revoked: AccountEvent = { type: 'RoleRevoked', data: { userId: 'u1', role: 'finance', revokedBy: 'o1', at } };
    spec()
      .given([registered, granted])
      .when({ type: 'RevokeRole', userId: 'u1', data: { role: 'finance', revokedBy: 'o1', at, otherOwners: 0 } })
      .then([revoked]);
    spec()
      .given([registered, granted, revoked])
      .when({ type: 'RevokeRole', userId: 'u1', data: { role: 'finance', revokedBy: 'o1', at, otherOwners: 0 } })
      .thenNothing();
    expect(rolesOf([registered, granted, revoked].reduce(evolveAccount, accountDecider.initialState()))).toEqual([
      'customer',
    ]);
  });

  it('refuse to revoke the last owner (role.last_owner), and allow it while another owner remains', () => {
    const owner: AccountEvent = { type: 'RoleGranted', data: { userId: 'u1', role: 'owner', grantedBy: 'x', at } };
    spec()
      .given([registered, owner])
      .when({ type: 'RevokeRole', userId: 'u1', data: { role: 'owner', revokedBy: 'u1', at, otherOwners: 0 } })
      .thenThrows({ code: 'role.last_owner' });
    spec()
      .given([registered, owner])
      .when({ type: 'RevokeRole', userId: 'u1', data: { role: 'owner', revokedBy: 'u2', at, otherOwners: 1 } })
      .then([{ type: 'RoleRevoked', data: { userId: 'u1', role: 'owner', revokedBy: 'u2', at } }]);
  });

  it('turn two-factor on and off only when it changes', () => {
    const on: AccountEvent = { type: 'TwoFactorEnabled', data: { userId: 'u1', at } };
    spec().given([registered]).when({ type: 'EnableTwoFactor', userId: 'u1', data: { at } }).then([on]);
    spec().given([registered, on]).when({ type: 'EnableTwoFactor', userId: 'u1', data: { at } }).thenNothing();
    spec()
      .given([registered])
      .when(disableAttempt({ codeAccepted: true }))
      .thenNothing();
    spec()
      .given([registered, on])
      .when(disableAttempt({ codeAccepted: true }))
      .then([{ type: 'TwoFactorDisabled', data: { userId: 'u1', at } }]);
  });

  describe('turning two-factor off', () => {
    const on: AccountEvent = { type: 'TwoFactorEnabled', data: { userId: 'u1', at } };
    const minutesLater = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
    const failed = (when: string, reason: 'bad_code' | 'locked' = 'bad_code'): AccountEvent => ({
      type: 'TwoFactorDisableFailed',
      data: { userId: 'u1', reason, device: 'pd1:d', location: 'pd1:l', at: when },
    });
    const fourFailures = [0, 1, 2, 3].map((minute) => failed(minutesLater(minute)));
    const locked: AccountEvent = {
      type: 'TwoFactorDisableLocked',
      data: { userId: 'u1', until: minutesLater(4 + 15), failedAttempts: 5, at: minutesLater(4) },
    };

    it('records a wrong code as a failed attempt', () => {
      spec()
        .given([registered, on])
        .when(disableAttempt({ codeAccepted: false }))
        .then([failed(at)]);
    });

    it('locks after five wrong codes in a row, for fifteen minutes, like sign-in', () => {
      expect(FAILURES_BEFORE_LOCK).toBe(5);
      expect(LOCK_SECONDS).toBe(15 * 60);
      spec()
        .given([registered, on, ...fourFailures])
        .when(disableAttempt({ codeAccepted: false, at: minutesLater(4) }))
        .then([failed(minutesLater(4)), locked]);
    });

    it('refuses even the right code while locked, and records the refusal', () => {
      spec()
        .given([registered, on, ...fourFailures, failed(minutesLater(4)), locked])
        .when(disableAttempt({ codeAccepted: true, at: minutesLater(10) }))
        .then([failed(minutesLater(10), 'locked')]);
    });

    it('accepts the right code once the lock has passed, and counts afresh', () => {
      const history = [registered, on, ...fourFailures, failed(minutesLater(4)), locked];
      spec()
        .given(history)
        .when(disableAttempt({ codeAccepted: true, at: minutesLater(20) }))
        .then([{ type: 'TwoFactorDisabled', data: { userId: 'u1', at: minutesLater(20) } }]);
      spec()
        .given(history)
        .when(disableAttempt({ codeAccepted: false, at: minutesLater(20) }))
        .then([failed(minutesLater(20))]);
    });

    it('forgets wrong codes older than the lock window, and those before a success', () => {
      spec()
        .given([registered, on, ...fourFailures])
        .when(disableAttempt({ codeAccepted: false, at: minutesLater(3 + 15) }))
        .then([failed(minutesLater(3 + 15))]);
      const offAndOnAgain: AccountEvent[] = [
        { type: 'TwoFactorDisabled', data: { userId: 'u1', at: minutesLater(4) } },
        { type: 'TwoFactorEnabled', data: { userId: 'u1', at: minutesLater(5) } },
      ];
      spec()
        .given([registered, on, ...fourFailures, ...offAndOnAgain])
        .when(disableAttempt({ codeAccepted: false, at: minutesLater(6) }))
        .then([failed(minutesLater(6))]);
    });

    it('records nothing when two-factor is already off', () => {
      spec()
        .given([registered])
        .when(disableAttempt({ codeAccepted: false }))
        .thenNothing();
    });
  });

  it('record the revocation of one of its sessions by the owner', () => {
    spec()
      .given([registered])
      .when({ type: 'RevokeSession', userId: 'u1', data: { sessionId: 's2', device: 'pd1:d', at } })
      .then([{ type: 'SessionRevoked', data: { userId: 'u1', sessionId: 's2', device: 'pd1:d', at } }]);
  });

  it('record sign-ins and failures as they were established', () => {
    spec()
      .given([registered])
      .when({
        type: 'RecordSignInFailure',
        userId: 'u1',
        data: { reason: 'bad_password', device: 'pd1:d', location: 'pd1:l', at },
      })
      .then([
        {
          type: 'SignInFailed',
          data: { userId: 'u1', reason: 'bad_password', device: 'pd1:d', location: 'pd1:l', at },
        },
      ]);
  });
});
