import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_REVOCATION_REASON_MAX_LENGTH,
  API_KEY_SCOPES,
  isApiKeyScope,
  type ApiKeyEvent,
  type ApiKeyScope,
} from './events.js';

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      data: { keyId: string; name: string; scopes: readonly string[]; prefix: string; createdBy: string; now: Date };
    }
  | { type: 'RevokeApiKey'; data: { keyId: string; revokedBy: string; reason?: string; now: Date } };

export type ApiKeyState = { status: 'none' } | { status: 'active' | 'revoked'; scopes: readonly ApiKeyScope[] };

const invalid = (message: string, details: Record<string, unknown> = {}) =>
  new DomainError({ code: 'api_key.invalid', message, details });

/** The scopes asked for, known ones only, sorted and each once; at least one. */
function checkedScopes(scopes: readonly string[]): ApiKeyScope[] {
  const unknown = scopes.filter((scope) => !isApiKeyScope(scope));
  if (unknown.length > 0) {
    throw new DomainError({
      code: 'api_key.unknown_scope',
      message: `Unknown scopes: ${unknown.join(', ')}`,
      details: { unknown, known: API_KEY_SCOPES },
    });
  }
  if (scopes.length === 0) throw invalid('A key has at least one scope');
  return [...new Set(scopes as readonly ApiKeyScope[])].sort();
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { status: 'active', scopes: event.data.scopes };
      case 'ApiKeyRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateApiKey': {
        const { data } = command;
        if (state.status !== 'none') {
          throw new DomainError({
            code: 'api_key.already_exists',
            message: 'This key exists already',
            details: { keyId: data.keyId },
          });
        }
        const name = data.name.trim();
        if (name === '' || name.length > API_KEY_NAME_MAX_LENGTH) {
          throw invalid(`A key has a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters`, { field: 'name' });
        }
        if (data.createdBy.trim() === '' || data.prefix === '')
          throw invalid('A key names who created it and its prefix');
        return [
          {
            type: 'ApiKeyCreated',
            data: {
              keyId: data.keyId,
              name,
              scopes: checkedScopes(data.scopes),
              prefix: data.prefix,
              createdBy: data.createdBy,
              createdAt: data.now.toISOString(),
            },
          },
        ];
      }
      case 'RevokeApiKey': {
        const { data } = command;
        if (state.status === 'none') {
          throw new NotFoundError({
            code: 'api_key.not_found',
            message: 'No such key',
            details: { keyId: data.keyId },
          });
        }
        if (state.status === 'revoked') {
          throw new DomainError({
            code: 'api_key.already_revoked',
            message: 'This key was revoked already',
            details: { keyId: data.keyId },
          });
        }
        const reason = data.reason?.trim();
        if (reason && reason.length > API_KEY_REVOCATION_REASON_MAX_LENGTH) {
          throw invalid(`A reason of at most ${API_KEY_REVOCATION_REASON_MAX_LENGTH} characters`, { field: 'reason' });
        }
        return [
          {
            type: 'ApiKeyRevoked',
            data: {
              keyId: data.keyId,
              revokedBy: data.revokedBy,
              revokedAt: data.now.toISOString(),
              ...(reason ? { reason } : {}),
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
