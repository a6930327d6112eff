import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { accountDecider } from './decide.js';
import type { AccountEvent } from './events.js';

const at = '2026-03-01T10:00:00.000Z';
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    userId: 'u1',
    email: 'pd1:sealed-email',
    fullName: 'pd1:sealed-name',
    method: 'password',
    provider: null,
    registeredAt: at,
  },
};
const spec = () => DeciderSpec.for(accountDecider);

describe('accounts', () => {
  it('are registered once', () => {
    spec()
      .when({
        type: 'RegisterAccount',
        userId: 'u1',
        data: {
          email: 'pd1:sealed-email',
          fullName: 'pd1:sealed-name',
          method: 'password',
          provider: null,
          registeredAt: at,
        },
      })
      .then([registered]);
    spec()
      .given([registered])
      .when({
        type: 'RegisterAccount',
        userId: 'u1',
        data: { email: 'x', fullName: 'y', method: 'password', provider: null, registeredAt: at },
      })
      .thenThrows({ code: 'account.already_exists' });
  });

  it('record nothing for an unknown account', () => {
    spec()
      .when({ type: 'GrantRole', userId: 'ghost', data: { role: 'admin', grantedBy: 'shopctl', at } })
      .thenThrows({ code: 'account.not_found' });
  });

  it('grant a role once; granting the same role again records nothing', () => {
    const granted: AccountEvent = {
      type: 'RoleGranted',
      data: { userId: 'u1', role: 'admin', grantedBy: 'shopctl', at },
    };
    spec()
      .given([registered])
      .when({ type: 'GrantRole', userId: 'u1', data: { role: 'admin', grantedBy: 'shopctl', at } })
      .then([granted]);
    spec()
      .given([registered, granted])
      .when({ type: 'GrantRole', userId: 'u1', data: { role: 'admin', grantedBy: 'again', at } })
      .thenNothing();
  });

  it('turn two-factor on and off only when it changes', () => {
    const on: AccountEvent = { type: 'TwoFactorEnabled', data: { userId: 'u1', at } };
    spec().given([registered]).when({ type: 'EnableTwoFactor', userId: 'u1', data: { at } }).then([on]);
    spec().given([registered, on]).when({ type: 'EnableTwoFactor', userId: 'u1', data: { at } }).thenNothing();
    spec().given([registered]).when({ type: 'DisableTwoFactor', userId: 'u1', data: { at } }).thenNothing();
    spec()
      .given([registered, on])
      .when({ type: 'DisableTwoFactor', userId: 'u1', data: { at } })
      .then([{ type: 'TwoFactorDisabled', data: { userId: 'u1', at } }]);
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
