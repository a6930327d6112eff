import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { credentialSetDecider, type CredentialSetCommand } from './decide.js';
import type { CredentialSetCreated, CredentialSetDeleted, CredentialSetRevised } from './events.js';

const id = 'set-1';
const now = new Date('2026-06-01T12:00:00.000Z');
const spec = () => DeciderSpec.for(credentialSetDecider);

const created = (planId = 'netflix'): CredentialSetCreated => ({
  type: 'CredentialSetCreated',
  data: { credentialSetId: id, planId, version: 1, createdAt: '2026-05-01T00:00:00.000Z' },
});
const revised = (
  version: number,
  changed: CredentialSetRevised['data']['changed'] = ['password'],
): CredentialSetRevised => ({
  type: 'CredentialSetRevised',
  data: { credentialSetId: id, planId: 'netflix', version, changed, revisedAt: '2026-05-02T00:00:00.000Z' },
});
const deleted: CredentialSetDeleted = {
  type: 'CredentialSetDeleted',
  data: { credentialSetId: id, planId: 'netflix', version: 1, deletedAt: '2026-05-03T00:00:00.000Z' },
};

const create = (data: Partial<Extract<CredentialSetCommand, { type: 'CreateCredentialSet' }>['data']> = {}) =>
  ({
    type: 'CreateCredentialSet',
    data: { credentialSetId: id, planId: 'netflix', planKnown: true, now, ...data },
  }) as const;
const revise = (data: Partial<Extract<CredentialSetCommand, { type: 'ReviseCredentialSet' }>['data']> = {}) =>
  ({
    type: 'ReviseCredentialSet',
    data: {
      credentialSetId: id,
      planId: 'netflix',
      planKnown: true,
      changed: ['password'],
      servingSubscriptions: 0,
      now,
      ...data,
    },
  }) as const;
const remove = (data: Partial<Extract<CredentialSetCommand, { type: 'DeleteCredentialSet' }>['data']> = {}) =>
  ({ type: 'DeleteCredentialSet', data: { credentialSetId: id, servingSubscriptions: 0, now, ...data } }) as const;

describe('a set of service credentials', () => {
  it('is created at version 1 for a known plan, without anything of its secret', () => {
    spec()
      .when(create())
      .then([
        {
          type: 'CredentialSetCreated',
          data: { credentialSetId: id, planId: 'netflix', version: 1, createdAt: now.toISOString() },
        },
      ]);
    spec()
      .when(create({ planId: 'nope', planKnown: false }))
      .thenThrows({ code: 'credentials.unknown_plan', details: { planId: 'nope' } });
    spec().given([created()]).when(create()).thenThrows({ code: 'credentials.already_exists' });
  });

  it('stored before the log recorded sets, is recorded once at its original time', () => {
    const original = new Date('2025-01-01T00:00:00.000Z');
    spec()
      .when(create({ carriedOverFrom: original }))
      .then([
        {
          type: 'CredentialSetCreated',
          data: {
            credentialSetId: id,
            planId: 'netflix',
            version: 1,
            createdAt: original.toISOString(),
            carriedOver: true,
          },
        },
      ]);
    spec()
      .given([created()])
      .when(create({ carriedOverFrom: original }))
      .thenNothing();
  });

  it('gets a new version per change, naming what changed, and none when nothing did', () => {
    spec()
      .given([created()])
      .when(revise({ changed: ['additionalInfo', 'login'] }))
      .then([
        {
          type: 'CredentialSetRevised',
          data: {
            credentialSetId: id,
            planId: 'netflix',
            version: 2,
            changed: ['login', 'additionalInfo'],
            revisedAt: now.toISOString(),
          },
        },
      ]);
    spec()
      .given([created(), revised(2)])
      .when(revise({ expectedVersion: 2 }))
      .then([expect.objectContaining({ type: 'CredentialSetRevised', data: expect.objectContaining({ version: 3 }) })]);
    spec()
      .given([created()])
      .when(revise({ changed: [] }))
      .thenNothing();
  });

  it('refuses a change made on a version that is no longer the current one', () => {
    spec()
      .given([created(), revised(2)])
      .when(revise({ expectedVersion: 1 }))
      .thenThrows({ code: 'credentials.stale', details: { id, version: 2, expectedVersion: 1 } });
    spec()
      .given([created(), revised(2)])
      .when(remove({ expectedVersion: 1 }))
      .thenThrows({ code: 'credentials.stale', details: { version: 2, expectedVersion: 1 } });
  });

  it('moves to another known plan only while it serves no subscription', () => {
    spec()
      .given([created()])
      .when(revise({ planId: 'spotify', changed: [], servingSubscriptions: 2 }))
      .thenThrows({ code: 'credentials.in_use', details: { id, subscriptions: 2 } });
    spec()
      .given([created()])
      .when(revise({ planId: 'nope', planKnown: false, changed: [] }))
      .thenThrows({ code: 'credentials.unknown_plan' });
    spec()
      .given([created()])
      .when(revise({ planId: 'spotify', changed: ['password'] }))
      .then([
        {
          type: 'CredentialSetRevised',
          data: {
            credentialSetId: id,
            planId: 'spotify',
            version: 2,
            changed: ['plan', 'password'],
            revisedAt: now.toISOString(),
          },
        },
      ]);
    // Serving subscriptions does not stop a password change on the same plan: that is the point of a shared set.
    spec()
      .given([created()])
      .when(revise({ servingSubscriptions: 3 }))
      .then([expect.objectContaining({ type: 'CredentialSetRevised' })]);
  });

  it('is deleted at its last version while it serves no subscription, and then is gone for every command', () => {
    spec()
      .given([created(), revised(2), revised(3)])
      .when(remove())
      .then([
        {
          type: 'CredentialSetDeleted',
          data: { credentialSetId: id, planId: 'netflix', version: 3, deletedAt: now.toISOString() },
        },
      ]);
    spec()
      .given([created()])
      .when(remove({ servingSubscriptions: 1 }))
      .thenThrows({ code: 'credentials.in_use', details: { subscriptions: 1 } });
    spec().given([created(), deleted]).when(remove()).thenThrows({ code: 'credentials.not_found' });
    spec().given([created(), deleted]).when(revise()).thenThrows({ code: 'credentials.not_found' });
    spec().given([created(), deleted]).when(create()).thenThrows({ code: 'credentials.already_exists' });
    spec().when(revise()).thenThrows({ code: 'credentials.not_found', details: { id } });
  });
});
