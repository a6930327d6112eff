import { describe, it } from 'vitest';
import type { AccountEvent } from './events.js';
import { accountRegistered, accountSpec as spec } from './testing/account-fixtures.js';

const at = '2026-11-02T10:00:00.000Z';
const later = '2026-11-03T10:00:00.000Z';
const registered = accountRegistered(at, { method: 'operator' });
const erased: AccountEvent = { type: 'PersonalDataErased', data: { userId: 'u1', erasedAt: later } };

describe("the operator's account decisions", () => {
  it('an e-mail correction is recorded sealed', () => {
    spec()
      .given([registered])
      .when({ type: 'ChangeEmail', userId: 'u1', data: { email: 'pd1:new', changedAt: later } })
      .then([{ type: 'EmailChanged', data: { userId: 'u1', email: 'pd1:new', changedAt: later } }]);
  });

  it('a change made on a profile version that moved since is refused, so a stale form cannot overwrite', () => {
    const renamed: AccountEvent = {
      type: 'ProfileUpdated',
      data: { userId: 'u1', fullName: 'pd1:b', updatedAt: later },
    };
    spec()
      .given([registered, renamed])
      .when({
        type: 'ChangeEmail',
        userId: 'u1',
        data: { email: 'pd1:new', changedAt: later },
        expectedProfileVersion: 1,
      })
      .thenThrows({ code: 'account.changed_meanwhile', details: { expected: 1, current: 2 } });
    spec()
      .given([registered, renamed])
      .when({
        type: 'UpdateProfile',
        userId: 'u1',
        data: { fullName: 'pd1:c', updatedAt: later },
        expectedProfileVersion: 2,
      })
      .then([{ type: 'ProfileUpdated', data: { userId: 'u1', fullName: 'pd1:c', updatedAt: later } }]);
  });

  it('erasure is recorded once; an erased account accepts nothing else, not even a sign-in', () => {
    spec()
      .given([registered])
      .when({ type: 'ErasePersonalData', userId: 'u1', data: { erasedAt: later } })
      .then([erased]);
    spec()
      .given([registered, erased])
      .when({ type: 'ErasePersonalData', userId: 'u1', data: { erasedAt: later } })
      .thenNothing();
    spec()
      .given([registered, erased])
      .when({ type: 'UpdateProfile', userId: 'u1', data: { fullName: 'pd1:again', updatedAt: later } })
      .thenThrows({ code: 'account.erased' });
    spec()
      .given([registered, erased])
      .when({
        type: 'RecordSignIn',
        userId: 'u1',
        data: { sessionId: 's1', method: 'password', device: 'x', location: 'y', newDevice: false, at: later },
      })
      .thenThrows({ code: 'account.erased' });
  });

  it('an account that does not exist cannot be erased', () => {
    spec()
      .given([])
      .when({ type: 'ErasePersonalData', userId: 'u1', data: { erasedAt: later } })
      .thenThrows({ code: 'account.not_found' });
  });
});
