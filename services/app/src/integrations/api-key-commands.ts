import { apiKeyDecider, apiKeyStreamId, type ApiKeyCommand, type ApiKeyEvent, type ApiKeyState } from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/**
 * An API key's stream (`api-key-<id>`). The `api_keys` row each event stands for (the key's hash
 * with its creation, the revocation's mark) commits with it, sent with `rowsFor`.
 */
export class ApiKeyCommands extends StreamCommands<ApiKeyCommand, ApiKeyEvent, ApiKeyState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, apiKeyDecider, (command) => apiKeyStreamId(command.data.keyId));
  }
}
