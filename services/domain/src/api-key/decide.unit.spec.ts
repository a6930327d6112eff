import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { apiKeyDecider, type ApiKeyCommand } from './decide.js';
import type { ApiKeyCreated, ApiKeyRevoked } from './events.js';

const now = new Date('2026-11-26T10:00:00.000Z');
type Creation = Partial<Extract<ApiKeyCommand, { type: 'CreateApiKey' }>['data']>;
const create = (overrides: Creation = {}): ApiKeyCommand => ({
  type: 'CreateApiKey',
  data: {
    keyId: 'k1',
    name: 'Accounting export',
    scopes: ['read:invoices', 'read:events', 'read:invoices'],
    prefix: 'sk_AbCd1234',
    createdBy: 'owner-1',
    now,
    ...overrides,
  },
});
const revoke = (reason?: string): ApiKeyCommand => ({
  type: 'RevokeApiKey',
  data: { keyId: 'k1', revokedBy: 'owner-2', now, ...(reason === undefined ? {} : { reason }) },
});
const created: ApiKeyCreated = {
  type: 'ApiKeyCreated',
  data: {
    keyId: 'k1',
    name: 'Accounting export',
    scopes: ['read:events', 'read:invoices'],
    prefix: 'sk_AbCd1234',
    createdBy: 'owner-1',
    createdAt: now.toISOString(),
  },
};
const revoked: ApiKeyRevoked = {
  type: 'ApiKeyRevoked',
  data: { keyId: 'k1', revokedBy: 'owner-2', revokedAt: now.toISOString() },
};
const spec = () => DeciderSpec.for(apiKeyDecider);

describe('API keys', () => {
  it('are created with their name, their scopes sorted and each once, their prefix and who created them', () => {
    spec().when(create()).then([created]);
  });

  it.each<[refused: string, data: Creation, refusal: { code: string; details?: Record<string, unknown> }]>([
    [
      'an unknown scope, naming it',
      { scopes: ['read:events', 'write:everything'] },
      { code: 'api_key.unknown_scope', details: { unknown: ['write:everything'] } },
    ],
    ['no scope at all', { scopes: [] }, { code: 'api_key.invalid' }],
    ['an empty name', { name: '   ' }, { code: 'api_key.invalid', details: { field: 'name' } }],
    [
      'a name longer than 100 characters',
      { name: 'x'.repeat(101) },
      { code: 'api_key.invalid', details: { field: 'name' } },
    ],
  ])('refuse a key with %s', (_refused, data, refusal) => {
    spec().when(create(data)).thenThrows(refusal);
  });

  it('keep their name trimmed', () => {
    spec()
      .when(create({ name: '  CRM  ' }))
      .then([{ ...created, data: { ...created.data, name: 'CRM' } }]);
  });

  it('are created once', () => {
    spec().given([created]).when(create()).thenThrows({ code: 'api_key.already_exists' });
  });

  it('are revoked with who revoked them and the reason given', () => {
    spec().given([created]).when(revoke()).then([revoked]);
    spec()
      .given([created])
      .when(revoke(' leaked in a log '))
      .then([{ ...revoked, data: { ...revoked.data, reason: 'leaked in a log' } }]);
  });

  it('keep a reason of at most 500 characters', () => {
    spec()
      .given([created])
      .when(revoke('x'.repeat(501)))
      .thenThrows({ code: 'api_key.invalid', details: { field: 'reason' } });
  });

  it('are revoked once: a second revocation is refused', () => {
    spec().given([created, revoked]).when(revoke()).thenThrows({ code: 'api_key.already_revoked' });
  });

  it('cannot revoke a key that does not exist', () => {
    spec().when(revoke()).thenThrows({ code: 'api_key.not_found' });
  });
});
