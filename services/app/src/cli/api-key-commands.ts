import { randomUUID } from 'node:crypto';
import { DomainError } from '@shop/domain';
import type { Command } from 'commander';
import { operator, printRows, withRuntime } from './cli-runtime.js';

/**
 * `shopctl api-keys`: the keys integrators' programs call with, and revoking one from the command
 * line (a key found where it should not be, an owner who cannot sign in); the revocation is
 * recorded as the back-office's is, with the operator's login as its actor.
 */
export function registerApiKeyCommands(program: Command): void {
  const keys = program
    .command('api-keys')
    .description(
      'API keys: the list (never a key), and revoking one by its id, its first characters or the key itself',
    );

  keys
    .command('list')
    .description('The keys, newest first: id, first characters, name, scopes, last use, revoked or not')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withRuntime(async ({ apiKeys }) => {
        const { data } = await apiKeys.list({
          sort: { field: 'createdAt', order: 'desc' },
          range: { from: 0, to: 999 },
          filter: {},
        });
        printRows(data, options, {
          none: 'No API key',
          line: (key) =>
            `${key.id}  ${key.prefix}…  ${key.name}  [${key.scopes.join(', ')}]  ` +
            (key.revokedAt ? `revoked ${key.revokedAt}` : `last used ${key.lastUsedAt ?? 'never'}`),
        });
      });
    });

  keys
    .command('revoke')
    .argument('<key>', 'its id, its first characters (sk_ and 8, as listed) or the whole key')
    .option('--reason <reason>', 'why, kept with the revocation')
    .description('Revoke a key (ApiKeyRevoked): its next request is refused')
    .action(async (reference: string, options: { reason?: string }) => {
      await withRuntime(async ({ apiKeys }) => {
        const id = await apiKeys.idOf(reference);
        if (!id) {
          console.error('shopctl: no API key (or more than one) is named so');
          process.exitCode = 1;
          return;
        }
        const by = operator();
        try {
          const revoked = await apiKeys.revoke(
            id,
            { adminId: by, correlationId: randomUUID(), actor: { type: 'system', id: by } },
            options.reason,
          );
          console.log(`API key ${id} revoked at ${revoked.revokedAt}`);
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'api_key.already_revoked') throw error;
          console.log(`API key ${id} was already revoked`);
        }
      });
    });
}
