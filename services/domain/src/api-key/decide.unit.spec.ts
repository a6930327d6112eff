import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { apiKeyDecider, type ApiKeyCommand } from './decide.js';
import type { ApiKeyCreated, ApiKeyRevoked } from './events.js';

const now = new Date('2026-11-26T10:00:00.000Z');
const create = (overrides: Partial<Extract<ApiKeyCommand, { type: 'CreateApiKey' }>['data']> = {}): ApiKeyCommand => ({
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

  it('refuse an unknown scope, naming it, and a key without any scope', () => {
    spec()
      .when(create({ scopes: ['read:events', 'write:everything'] }))
      .thenThrows({ code: 'api_key.unknown_scope', details: { unknown: ['write:everything'] } });
    spec()
      .when(create({ scopes: [] }))
      .thenThrows({ code: 'api_key.invalid' });
  });

  it('refuse an empty name and one longer than 100 characters; a name is kept trimmed', () => {
    spec()
      .when(create({ name: '   ' }))
      .thenThrows({ code: 'api_key.invalid', details: { field: 'name' } });
    spec()
      .when(create({ name: 'x'.repeat(101) }))
      .thenThrows({ code: 'api_key.invalid', details: { field: 'name' } });
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
