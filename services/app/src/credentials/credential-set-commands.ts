import {
  credentialSetDecider,
  credentialSetStreamId,
  type CredentialSetCommand,
  type CredentialSetEvent,
  type CredentialSetState,
} from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/**
 * A credential set's stream (`credential-set-<id>`). The rows each event stands for (the set's
 * current version, one sealed row per version) commit with the events or not at all: sent with
 * `rowsFor`, so a command is decided once on the version its rows name.
 */
export class CredentialSetCommands extends StreamCommands<
  CredentialSetCommand,
  CredentialSetEvent,
  CredentialSetState
> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, credentialSetDecider, (command) => credentialSetStreamId(command.data.credentialSetId));
  }

  /** The set's state and its stream's version now. */
  async current(credentialSetId: string): Promise<{ state: CredentialSetState; streamVersion: number }> {
    const { state, version } = await this.state(credentialSetStreamId(credentialSetId));
    return { state, streamVersion: version };
  }
}
